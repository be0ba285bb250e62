"""Every test of test_vector_search.py, collected again and run with google-cloud-firestore's
default gRPC transport instead of REST (the db fixtures come from grpc_support)."""

from grpc_support import db, make_db  # noqa: F401  (fixtures: the gRPC clients)
from test_vector_search import *  # noqa: F401,F403  (the same tests)
