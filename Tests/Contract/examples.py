"""Every `example` in openapi.yaml, checked.

- Statically: each example validates against the schema beside it (parameter, media type or
  schema example).
- Against the running server: the `Error` response's example must be exactly what a GET of
  the document it names answers; and for each operation, one request built from its parameters'
  examples and each of its request body examples; the response must be 2xx and match the
  schema documented for that status and content type. Operations whose 200 answer may be a
  `text/event-stream` are also opened as a stream: the first event must be the documented one
  and match the stream's `itemSchema` (its data parsed as the JSON its `contentSchema`
  describes), then the stream is closed.

Requests carry `Authorization: Bearer owner`. Operations run in a fixed order, reads first and
the ones that delete data last, so each sees the seeded data.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import requests
from jsonschema import Draft202012Validator, ValidationError, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

import auth_examples

DOCUMENT_URI = "urn:hearth:openapi"
OWNER = {"Authorization": "Bearer owner"}
METHODS = ("get", "put", "post", "patch", "delete")
STREAM_TIMEOUT_SECONDS = 10
REQUEST_TIMEOUT_SECONDS = 30


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _content_schema(validator, content_schema, instance, schema):
    """`contentSchema` asserted for JSON text, as schemathesis does for an event's `data` (JSON
    Schema 2020-12 makes it an annotation only)."""
    if not isinstance(instance, str) or schema.get("contentMediaType") != "application/json":
        return
    try:
        parsed = json.loads(instance)
    except ValueError as error:
        yield ValidationError(f"{instance[:80]!r} is not JSON ({error})")
        return
    yield from validator.descend(parsed, content_schema, schema_path="contentSchema")


ContentValidator = validators.extend(Draft202012Validator, {"contentSchema": _content_schema})


class Contract:
    """openapi.yaml, with JSON Schema validation of any of its schemas by JSON pointer."""

    def __init__(self, document: dict) -> None:
        self.document = document
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(DOCUMENT_URI, resource)

    def validator(self, pointer: str) -> Draft202012Validator:
        return ContentValidator(
            {"$ref": f"{DOCUMENT_URI}#{pointer}"},
            registry=self.registry,
            format_checker=Draft202012Validator.FORMAT_CHECKER,
        )

    def errors(self, pointer: str, instance: Any) -> list[str]:
        return [
            f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in self.validator(pointer).iter_errors(instance)
        ]

    def resolve(self, node: dict, pointer: str) -> tuple[dict, str]:
        """Follows local `$ref`s; returns the node and its pointer."""
        while isinstance(node, dict) and "$ref" in node:
            pointer = node["$ref"].removeprefix("#")
            node = self.document
            for token in pointer.split("/")[1:]:
                node = node[token.replace("~1", "/").replace("~0", "~")]
        return node, pointer


@dataclass
class Parameter:
    name: str
    location: str
    schema_pointer: str
    example: Any = None
    has_example: bool = False
    examples: dict[str, Any] = field(default_factory=dict)
    required: bool = False

    def value(self, variant: str) -> tuple[bool, Any]:
        """(present, value) in one variant: its named example, else the plain `example`."""
        if variant in self.examples:
            return True, self.examples[variant]
        return self.has_example, self.example


@dataclass
class Operation:
    path: str
    method: str
    pointer: str
    definition: dict
    parameters: list[Parameter] = field(default_factory=list)
    on_database: bool = False
    on_auth: bool = False

    @property
    def operation_id(self) -> str:
        return self.definition.get("operationId", f"{self.method.upper()} {self.path}")


def operations(contract: Contract) -> Iterator[Operation]:
    for path, item in contract.document["paths"].items():
        item_pointer = f"/paths/{_escape(path)}"
        for method in METHODS:
            if method not in item:
                continue
            definition = item[method]
            port = (item.get("servers") or [{}])[0].get("url", "").rsplit(":", 1)[-1]
            operation = Operation(path, method, f"{item_pointer}/{method}", definition, on_database=port == "9000", on_auth=port == "9099")
            declared: dict[tuple[str, str], Parameter] = {}
            for source, base in ((item.get("parameters", []), item_pointer), (definition.get("parameters", []), operation.pointer)):
                for index, raw in enumerate(source):
                    node, pointer = contract.resolve(raw, f"{base}/parameters/{index}")
                    parameter = Parameter(
                        name=node["name"],
                        location=node["in"],
                        schema_pointer=f"{pointer}/schema",
                        example=node.get("example"),
                        has_example="example" in node,
                        examples={name: example["value"] for name, example in (node.get("examples") or {}).items()},
                        required=node.get("required", False),
                    )
                    declared[(parameter.name, parameter.location)] = parameter
            operation.parameters = list(declared.values())
            yield operation


def static_examples(contract: Contract) -> Iterator[tuple[str, list[str]]]:
    """(where, errors) for every example in the document, checked against its schema."""

    def walk(node: Any, pointer: str) -> Iterator[tuple[str, list[str]]]:
        if isinstance(node, dict):
            if "example" in node and "schema" in node:  # a parameter or a media type
                yield f"{pointer}/example", contract.errors(f"{pointer}/schema", node["example"])
            elif "example" in node and not pointer.endswith("/properties") and _is_schema(pointer):
                yield f"{pointer}/example", contract.errors(pointer, node["example"])
            for name, named in (node.get("examples") or {}).items() if "schema" in node else ():
                yield f"{pointer}/examples/{name}", contract.errors(f"{pointer}/schema", named["value"])
            for key, value in node.items():
                yield from walk(value, f"{pointer}/{_escape(str(key))}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from walk(value, f"{pointer}/{index}")

    yield from walk(contract.document, "")


def _is_schema(pointer: str) -> bool:
    return "/schema" in pointer or pointer.startswith("/components/schemas/")


@dataclass
class Outcome:
    operation: str
    request: str
    errors: list[str]


def _order(operation: Operation) -> tuple[int, str]:
    """Reads, then writes, then what deletes data (clearing whole databases last)."""
    rank = {"get": 0, "post": 1, "put": 1, "patch": 1, "delete": 2}[operation.method]
    if operation.operation_id in ("clearDatabase", "databaseReplaceRoot", "authEmulatorClearAccounts"):
        rank = 3
    return rank, operation.pointer


def _variants(operation: Operation) -> list[tuple[str, bool, Any]]:
    """(variant, has body, body) for each request the examples describe: one per name used in a
    parameter's or the body's `examples`, else one with the plain `example`s."""
    media = operation.definition.get("requestBody", {}).get("content", {}).get("application/json")
    bodies = dict((name, example["value"]) for name, example in ((media or {}).get("examples") or {}).items())
    names = list(bodies)
    for parameter in operation.parameters:
        names += [name for name in parameter.examples if name not in names]
    result = []
    for name in names or [""]:
        if name in bodies:
            result.append((name, True, bodies[name]))
        elif media is not None and "example" in media:
            result.append((name, True, media["example"]))
        else:
            result.append((name, False, None))
    return result


def _request(operation: Operation, variant: str, bases: dict[str, str], has_body: bool, body: Any, scratch: Path) -> requests.PreparedRequest | None:
    path = operation.path
    query: list[tuple[str, str]] = []
    headers = dict(OWNER)
    for parameter in operation.parameters:
        present, value = parameter.value(variant)
        if not present:
            if parameter.required and parameter.location != "header":
                return None  # cannot be built from examples alone
            continue
        if parameter.location == "path":
            path = path.replace("{" + parameter.name + "}", "/".join(urllib.parse.quote(s, safe="()") for s in str(value).split("/")))
        elif parameter.location == "query":
            for item in value if isinstance(value, list) else [value]:
                query.append((parameter.name, json.dumps(item) if isinstance(item, bool) else str(item)))
        elif parameter.location == "header" and parameter.name.lower() != "accept":
            headers[parameter.name] = str(value)
    base = bases["database" if operation.on_database else "auth" if operation.on_auth else "firestore"]
    if operation.on_auth and isinstance(body, dict):
        body = auth_examples.prepare(operation.operation_id, body, base)
    if operation.on_auth and operation.operation_id in auth_examples.QUERY_CODES:
        query = auth_examples.prepare_query(operation.operation_id, query, base)
    if operation.operation_id == "exportProject" and isinstance(body, dict):
        body = {**body, "export_directory": str(scratch)}  # the example's /tmp/exports, kept inside the run's directory
    if operation.operation_id == "rollback" and isinstance(body, dict):
        # A transaction ID is only valid in the server that issued it: begin one to roll back.
        begun = requests.post(base + path.replace(":rollback", ":beginTransaction"), json={}, headers=OWNER, timeout=REQUEST_TIMEOUT_SECONDS)
        body = {**body, "transaction": begun.json()["transaction"]}
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    if has_body:
        headers["Content-Type"] = "application/json"
    return requests.Request(operation.method.upper(), url, headers=headers, data=json.dumps(body) if has_body else None).prepare()


def _response_pointer(contract: Contract, operation: Operation, status: int, content_type: str) -> tuple[str | None, list[str]]:
    responses = operation.definition.get("responses", {})
    key = str(status) if str(status) in responses else f"{str(status)[0]}XX" if f"{str(status)[0]}XX" in responses else "default"
    if key not in responses:
        return None, [f"status {status} is not documented"]
    response, pointer = contract.resolve(responses[key], f"{operation.pointer}/responses/{key}")
    content = response.get("content")
    if not content:
        return None, []
    media = content_type.split(";")[0].strip().lower()
    if media not in content:
        return None, [f"Content-Type {content_type!r} is not documented for {status} (documented: {sorted(content)})"]
    keyword = "itemSchema" if media == "text/event-stream" else "schema"  # one event (OpenAPI 3.2)
    return f"{pointer}/content/{_escape(media)}/{keyword}", []


def _check_response(contract: Contract, operation: Operation, response: requests.Response) -> list[str]:
    errors: list[str] = []
    if not 200 <= response.status_code < 300:
        errors.append(f"expected 2xx, got {response.status_code}: {response.text[:500]}")
    pointer, problems = _response_pointer(contract, operation, response.status_code, response.headers.get("Content-Type", ""))
    errors += problems
    if pointer and response.content:
        if response.headers.get("Content-Type", "").startswith("application/json"):
            try:
                payload = response.json()
            except ValueError as error:
                return errors + [f"the body is not JSON: {error}"]
            errors += contract.errors(pointer, payload)
        elif response.headers.get("Content-Type", "").startswith("text/plain"):
            errors += contract.errors(pointer, response.text)
    return errors


def _first_event(response: requests.Response) -> dict[str, str]:
    """The first event as a client parses it: `{event, data}` and `id` when one was sent."""
    event, data, identifier = "message", [], None
    for raw in response.iter_lines(decode_unicode=True):
        if raw is None:
            continue
        if raw == "":
            if data:
                parsed = {"event": event, "data": "\n".join(data)}
                return parsed if identifier is None else {**parsed, "id": identifier}
            continue
        if raw.startswith(":"):
            continue
        name, _, value = raw.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            event = value
        elif name == "id":
            identifier = value
        elif name == "data":
            data.append(value)
    raise RuntimeError("the stream ended before its first event")


def _check_stream(contract: Contract, operation: Operation, prepared: requests.PreparedRequest, session: requests.Session) -> list[str]:
    prepared = prepared.copy()
    prepared.headers["Accept"] = "text/event-stream"
    with session.send(prepared, stream=True, timeout=STREAM_TIMEOUT_SECONDS) as response:
        if response.status_code != 200:
            return [f"stream: expected 200, got {response.status_code}: {response.text[:300]}"]
        pointer, problems = _response_pointer(contract, operation, 200, response.headers.get("Content-Type", ""))
        if problems or pointer is None:
            return [f"stream: {p}" for p in problems]
        event = _first_event(response)
    expected = "snapshot" if not operation.on_database else "put"
    if event["event"] != expected:
        return [f"stream: the first event is {event['event']!r}, expected {expected!r}"]
    return [f"stream: {e}" for e in contract.errors(pointer, event)]


def error_example(contract: Contract, bases: dict[str, str]) -> Outcome:
    """The `Error` response's example is a real answer: GET the document its message names."""
    example = contract.document["components"]["responses"]["Error"]["content"]["application/json"]["example"]
    name = re.search(r'Document "(projects/[^"]+)" not found', example["error"]["message"]).group(1)
    project, database, path = re.match(r"projects/([^/]+)/databases/([^/]+)/documents/(.+)$", name).groups()
    url = f"{bases['firestore']}/v1/projects/{project}/databases/{urllib.parse.quote(database, safe='')}/documents/{path}"
    response = requests.get(url, headers=OWNER, timeout=REQUEST_TIMEOUT_SECONDS)
    errors = [] if response.status_code == example["error"]["code"] and response.json() == example else [
        f"expected exactly the example, got {response.status_code}: {response.text[:300]}"
    ]
    return Outcome("components/responses/Error", f"GET {url}", errors)


def live_examples(contract: Contract, bases: dict[str, str], scratch: Path) -> list[Outcome]:
    outcomes: list[Outcome] = [error_example(contract, bases)]
    session = requests.Session()
    for operation in sorted(operations(contract), key=_order):
        if not any(status.startswith("2") for status in operation.definition.get("responses", {})):
            continue  # it never succeeds (the iOS SDK's verifyClient): schemathesis covers it
        for label, has_body, body in _variants(operation):
            prepared = _request(operation, label, bases, has_body, body, scratch)
            if prepared is None:
                outcomes.append(Outcome(operation.operation_id, label, ["a required parameter has no example"]))
                continue
            description = f"{prepared.method} {prepared.url}" + (f" ({label})" if label else "")
            streams_only = any(p.name == "Accept" and p.required for p in operation.parameters)
            try:
                if streams_only:
                    errors = _check_stream(contract, operation, prepared, session)
                else:
                    response = session.send(prepared, timeout=REQUEST_TIMEOUT_SECONDS)
                    errors = _check_response(contract, operation, response)
                    ok = operation.definition.get("responses", {}).get("200", {})
                    if "text/event-stream" in (contract.resolve(ok, "")[0].get("content") or {}) and operation.method == "get":
                        errors += _check_stream(contract, operation, prepared, session)
            except (requests.RequestException, RuntimeError, ValueError) as error:
                errors = [f"{type(error).__name__}: {error}"]
            outcomes.append(Outcome(operation.operation_id, description, errors))
    return outcomes
