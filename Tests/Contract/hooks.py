"""Schemathesis hooks for the contract run (loaded through SCHEMATHESIS_HOOKS=hooks).

- `{path}` parameters hold several `/`-separated segments (a Firestore document or collection
  path, a Realtime Database location). Schemathesis percent-encodes every path parameter as one
  segment (`cities%2FSF`), which Hearth rightly reads as one ID containing a slash; the slashes
  are put back before each call.
- Generated path parameters are mixed with the seeded data's names (`seed.py`), so requests
  reach stored documents, subcollections and RTDB locations, not only 404s and empty reads.
  The coverage phase never puts a `/` in a path parameter, so a document path can't be
  generated there, and it keeps one project (often "0…0") for every case: when a coverage case
  varies something other than the path, it is aimed at the seeded project and database, and a
  seeded document path stands in for a one-segment one, so it reaches the handler instead of
  stopping at "is a collection path" or an empty project.
- Realtime Database requests are also sent without the generated `auth`/`access_token`
  (almost always unparsable tokens, so 401 before anything else is looked at), as the owner.
- Event streams: the `listen` operations keep the `Accept` they were generated with (the
  documented `text/event-stream`, or what a coverage case puts in its place); one in
  `STREAM_EVERY` GETs that can stream (getOrListDocuments, databaseRead) is sent with
  `Accept: text/event-stream`, every other request with `Accept: application/json`. A stream
  never ends by itself: schemathesis reads it up to its first event (`max-stream-events` in
  `schemathesis.toml`), checks that event against the stream's `itemSchema`, and closes it.
- Operations that wipe whole databases (clearDatabase, clearSubtree, the RTDB root PUT, the
  Auth emulator's account wipe) are
  pointed away from the seeded project and namespace, so the data stays for other operations;
  exports are written into the run's scratch directory, never where a generated path points.
"""

from __future__ import annotations

import os

import requests
import schemathesis
from hypothesis import strategies as st
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.meta import TestPhase

import seed

SCRATCH_PROJECT = "contract-scratch"
WIPES = {"clearDatabase", "clearSubtree", "databaseReplaceRoot", "authEmulatorClearAccounts"}
LISTENS = {"listen", "listenUnderDocument"}
STREAMING_GETS = {"getOrListDocuments", "databaseRead"}
STREAM_EVERY = 4
# Calls so far per streaming GET: a count, not a random draw, so a seeded run is repeatable.
_streaming_get_calls: dict[str, int] = {}


def _operation_id(context) -> str:
    operation = context.operation
    return operation.definition.raw.get("operationId", "") if operation is not None else ""


def _is_database(context) -> bool:
    return context.operation is not None and context.operation.path.endswith(".json")


def _seeded_paths(operation_id: str) -> list[str]:
    """The seeded `{path}` values that suit a Firestore operation."""
    if operation_id == "createDocument":
        return seed.COLLECTION_PATHS
    if operation_id in ("getOrListDocuments", "clearSubtree"):
        return seed.DOCUMENT_PATHS + seed.COLLECTION_PATHS
    return seed.DOCUMENT_PATHS  # updates, deletes, and the methods under a parent document


@schemathesis.hook
def flatmap_path_parameters(context, path_parameters):
    if _operation_id(context) in WIPES or not isinstance(path_parameters, dict):
        return st.just(path_parameters)
    if _is_database(context):
        if "path" not in path_parameters:
            return st.just(path_parameters)
        seeded = st.sampled_from(seed.RTDB_PATHS).map(lambda p: {**path_parameters, "path": p})
        return st.one_of(st.just(path_parameters), seeded)
    choices = {}
    if "project" in path_parameters:
        choices["project"] = st.sampled_from([seed.PROJECT, seed.OTHER_PROJECT])
    if "database" in path_parameters:
        choices["database"] = st.sampled_from([seed.DATABASE, seed.OTHER_DATABASE])
    if "path" in path_parameters:
        choices["path"] = st.sampled_from(_seeded_paths(_operation_id(context)))
    seeded = st.fixed_dictionaries(choices).map(lambda chosen: {**path_parameters, **chosen})
    return st.one_of(st.just(path_parameters), seeded)


CREDENTIALS = ("auth", "access_token")


@schemathesis.hook
def flatmap_query(context, query):
    """Realtime Database requests: also as the owner alone (without the generated `auth` and
    `access_token`, which are nearly always unparsable tokens, so 401) on the seeded namespace."""
    if not _is_database(context) or not isinstance(query, dict) or _operation_id(context) in WIPES:
        return st.just(query)
    plain = {name: value for name, value in query.items() if name not in CREDENTIALS and name != "ns"}
    return st.one_of(st.just(query), st.just(plain))


def _accept(operation_id: str) -> str:
    """What a request that is not a `listen` asks for: every `STREAM_EVERY`th streaming GET an
    event stream, everything else JSON."""
    if operation_id not in STREAMING_GETS:
        return "application/json"
    calls = _streaming_get_calls.get(operation_id, 0)
    _streaming_get_calls[operation_id] = calls + 1
    return "text/event-stream" if calls % STREAM_EVERY == STREAM_EVERY - 1 else "application/json"


@schemathesis.hook
def before_call(context, case, kwargs):
    if _operation_id(context) not in LISTENS:
        headers = dict(case.headers or {})
        for name in [n for n in headers if n.lower() == "accept"]:
            del headers[name]
        headers["Accept"] = _accept(_operation_id(context))
        case.headers = headers

    parameters = case.path_parameters
    if parameters and isinstance(parameters.get("path"), str):
        parameters["path"] = parameters["path"].replace("%2F", "/").replace("%2f", "/")
    phase = case.meta.phase if case.meta is not None else None
    if (
        parameters
        and phase is not None
        and phase.name == TestPhase.COVERAGE
        and phase.data.parameter_location != ParameterLocation.PATH
        and not _is_database(context)
    ):
        # A coverage case that varies the query, headers or body: aim it at the seeded data.
        if "project" in parameters:
            parameters["project"] = seed.PROJECT
        if "database" in parameters:
            parameters["database"] = requests.utils.quote(seed.DATABASE, safe="")
        path = parameters.get("path")
        if isinstance(path, str) and "/" not in path and _seeded_paths(_operation_id(context)) is seed.DOCUMENT_PATHS:
            parameters["path"] = seed.DOCUMENT_PATHS[len(path) % len(seed.DOCUMENT_PATHS)]

    if (
        _is_database(context)
        and phase is not None
        and phase.name == TestPhase.COVERAGE
        and phase.data.parameter not in (*CREDENTIALS, "ns")
        and isinstance(case.query, dict)
    ):
        # As flatmap_query: a coverage case that varies something else is sent as the owner alone.
        case.query = {name: value for name, value in case.query.items() if name not in CREDENTIALS}

    operation_id = _operation_id(context)
    if operation_id in ("clearDatabase", "clearSubtree", "authEmulatorClearAccounts") and parameters:
        if parameters.get("project") in (seed.PROJECT, seed.OTHER_PROJECT):
            parameters["project"] = SCRATCH_PROJECT
    elif operation_id == "databaseReplaceRoot":
        query = dict(case.query or {})
        if query.get("ns") in (None, "", f"{seed.PROJECT}-default-rtdb", seed.OTHER_NAMESPACE):
            query["ns"] = SCRATCH_PROJECT
        case.query = query
    elif operation_id == "exportProject" and isinstance(case.body, dict):
        case.body = {**case.body, "export_directory": os.environ["HEARTH_CONTRACT_SCRATCH"]}
