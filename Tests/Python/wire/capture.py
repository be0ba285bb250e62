"""Capture server + driver: records what google-cloud-firestore's REST transport sends."""
import json
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter, Or, And
from google.cloud.firestore_v1.services.firestore import FirestoreClient

LOG = []
LABEL = ["(none)"]
TS = "2024-01-01T00:00:00.123456Z"
TX = "dHg="  # b"tx"


def doc(name, fields=None):
    return {"name": name, "fields": fields or {"n": {"integerValue": "1"}, "x": {"doubleValue": 2.5}},
            "createTime": TS, "updateTime": TS}


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def handle_any(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        try:
            body = json.loads(raw) if raw else None
        except Exception:
            body = raw.decode("latin1")
        LOG.append({"label": LABEL[0], "method": self.command, "path": self.path,
                    "headers": dict(self.headers.items()), "body": body})
        path = unquote(self.path.split("?")[0])
        resp = self.respond(self.command, path, body or {})
        out = json.dumps(resp).encode()
        LOG[-1]["response"] = resp
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    do_GET = do_POST = do_PATCH = do_DELETE = handle_any

    def respond(self, m, path, body):
        if path.endswith(":commit") or path.endswith(":batchWrite"):
            ws = body.get("writes", [])
            results = []
            for w in ws:
                r = {"updateTime": TS}
                tr = w.get("updateTransforms") or []
                if tr:
                    r["transformResults"] = [{"integerValue": "1"} for _ in tr]
                results.append(r)
            if path.endswith(":batchWrite"):
                return {"writeResults": results, "status": [{} for _ in ws]}
            return {"writeResults": results, "commitTime": TS}
        if path.endswith(":beginTransaction"):
            return {"transaction": TX}
        if path.endswith(":rollback"):
            return {}
        if path.endswith(":batchGet"):
            out = []
            for i, d in enumerate(body.get("documents", [])):
                if i % 2 == 0:
                    out.append({"found": doc(d), "readTime": TS})
                else:
                    out.append({"missing": d, "readTime": TS})
            return out
        if path.endswith(":runQuery"):
            parent = path[len("/v1/"):-len(":runQuery")]
            coll = body["structuredQuery"]["from"][0].get("collectionId", "any")
            return [{"document": doc(f"{parent}/{coll}/d1"), "readTime": TS},
                    {"document": doc(f"{parent}/{coll}/d2"), "readTime": TS},
                    {"readTime": TS, "done": True}]
        if path.endswith(":runAggregationQuery"):
            aggs = body["structuredAggregationQuery"]["aggregations"]
            fields = {}
            for i, a in enumerate(aggs):
                alias = a.get("alias") or f"field_{i + 1}"
                if "avg" in a:
                    fields[alias] = {"nullValue": None}
                elif "sum" in a:
                    fields[alias] = {"doubleValue": 7.5}
                else:
                    fields[alias] = {"integerValue": "3"}
            return [{"result": {"aggregateFields": fields}, "readTime": TS}]
        if path.endswith(":listCollectionIds"):
            return {"collectionIds": ["colA", "colB"]}
        if m == "GET":
            rest = path.split("/documents/", 1)[1]
            if len(rest.split("/")) % 2 == 1:  # collection -> ListDocuments
                base = path[len("/v1/"):]
                return {"documents": [doc(base + "/a"), {"name": base + "/ghost"}]}
            return doc(path[len("/v1/"):])
        return {}


def main():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
    port = srv.server_address[1]
    threading.Thread(target=srv.serve_forever, daemon=True).start()

    db = firestore.Client(project="demo-wire", credentials=AnonymousCredentials())
    db._firestore_api_internal = FirestoreClient(
        transport="rest", credentials=AnonymousCredentials(),
        client_options={"api_endpoint": f"http://127.0.0.1:{port}"})
    col = db.collection("users")
    ref = col.document("alice")
    results = {}

    def op(label, fn):
        LABEL[0] = label
        try:
            results[label] = repr(fn())
        except Exception as e:
            results[label] = "EXC " + "".join(traceback.format_exception_only(e)).strip()

    op("set", lambda: ref.set({"name": "Alice", "age": 30, "tags": ["a"], "nested": {"k": 1},
                               "nil": None, "b": True, "f": 1.5, "bytes": b"\x00\x01",
                               "ts": __import__("datetime").datetime(2024, 1, 2, 3, 4, 5, 678901,
                                                                  tzinfo=__import__("datetime").timezone.utc),
                               "geo": firestore.GeoPoint(1.5, -2.25), "ref": db.document("x/y")}))
    op("set merge=True", lambda: ref.set({"age": 31, "nested": {"k2": 2}}, merge=True))
    op("set merge=[fields]", lambda: ref.set({"age": 32, "nested": {"k3": 3}}, merge=["age", "nested.k3"]))
    op("update with transforms", lambda: ref.update({
        "nested.k": 5, "count": firestore.Increment(2), "tags": firestore.ArrayUnion(["b", "c"]),
        "old": firestore.ArrayRemove(["z"]), "at": firestore.SERVER_TIMESTAMP,
        "gone": firestore.DELETE_FIELD, "hi": firestore.Maximum(10), "lo": firestore.Minimum(1.5)}))
    op("update with only a transform", lambda: ref.update({"count": firestore.Increment(1.5)}))
    op("set with transform only (set + SERVER_TIMESTAMP)", lambda: col.document("t").set({"at": firestore.SERVER_TIMESTAMP}))
    op("create", lambda: col.document("bob").create({"name": "Bob"}))
    op("collection.add (auto id)", lambda: col.add({"name": "Carol"}))
    op("delete", lambda: ref.delete())
    op("delete with precondition (option last_update_time)",
       lambda: ref.delete(option=db.write_option(last_update_time=__import__("datetime").datetime(2024, 1, 1, tzinfo=__import__("datetime").timezone.utc))))
    op("get", lambda: ref.get().to_dict())
    op("get with field_paths", lambda: ref.get(field_paths=["name", "nested.k"]).to_dict())
    op("get_all", lambda: [s.exists for s in db.get_all([ref, col.document("bob"), col.document("alice")])])
    q = (col.where(filter=FieldFilter("age", "==", 30)).where(filter=FieldFilter("score", ">", 1))
         .where(filter=FieldFilter("city", "in", ["A", "B"]))
         .where(filter=FieldFilter("tags", "array_contains", "a"))
         .order_by("score").order_by("name", direction=firestore.Query.DESCENDING).limit(5)
         .start_after({"score": 2, "name": "m"}))
    op("query ==,>,in,array_contains + order_by + limit + start_after", lambda: [d.id for d in q.stream()])
    op("query != and not-in", lambda: [d.id for d in col.where(filter=FieldFilter("a", "!=", 1)).where(
        filter=FieldFilter("b", "not-in", [1, 2])).get()])
    op("query is null / is nan (== None, == nan)", lambda: [d.id for d in col.where(filter=FieldFilter("a", "==", None)).where(
        filter=FieldFilter("b", "==", float("nan"))).get()])
    op("query array_contains_any, <=, >=, <", lambda: [d.id for d in col.where(filter=FieldFilter("t", "array_contains_any", ["x", "y"])).where(
        filter=FieldFilter("n", "<=", 5)).where(filter=FieldFilter("n", ">=", 1)).where(filter=FieldFilter("m", "<", 2)).get()])
    op("query != None / != nan", lambda: [d.id for d in col.where(filter=FieldFilter("a", "!=", None)).where(
        filter=FieldFilter("b", "!=", float("nan"))).get()])
    op("query limit_to_last with start_at + end_before", lambda: [d.id for d in col.order_by("n").start_at({"n": 1}).end_before({"n": 9}).limit_to_last(2).get()])
    op("query in with 31 values (client-side validation?)", lambda: [d.id for d in col.where(filter=FieldFilter("n", "in", list(range(31)))).get()])
    op("update with FieldPath containing dots/special chars", lambda: ref.update({__import__("google.cloud.firestore_v1.field_path",fromlist=["x"]).FieldPath("a.b", "c-d").to_api_repr(): 1, "plain.x_1": 2}))
    op("query limit_to_last", lambda: [d.id for d in col.order_by("n").limit_to_last(2).get()])
    op("query offset + select + end_at/end_before/start_at", lambda: [d.id for d in col.select(["n", "x"]).order_by("n").start_at({"n": 1}).end_before({"n": 9}).offset(3).get()])
    op("query cursor from snapshot (start_after(snapshot))", lambda: [d.id for d in col.order_by("n").start_after(ref.get()).get()])
    op("query cursor snapshot without order_by", lambda: [d.id for d in col.where(filter=FieldFilter("n", ">", 0)).start_at(ref.get()).get()])
    op("query order_by __name__ / document_id()", lambda: [d.id for d in col.order_by(__import__("google.cloud.firestore_v1.field_path",fromlist=["x"]).FieldPath.document_id()).where(filter=FieldFilter(__import__("google.cloud.firestore_v1.field_path",fromlist=["x"]).FieldPath.document_id(), ">", ref)).get()])
    op("query Or(And(...), FieldFilter)", lambda: [d.id for d in col.where(filter=Or([
        And([FieldFilter("a", "==", 1), FieldFilter("b", ">", 2)]), FieldFilter("c", "==", "z")])).get()])
    op("collection group query", lambda: [d.id for d in db.collection_group("posts").where(filter=FieldFilter("n", "==", 1)).get()])
    op("subcollection query", lambda: [d.id for d in col.document("alice").collection("posts").limit(1).get()])
    op("count()", lambda: [[(r.alias, r.value) for r in x] for x in col.count().get()])
    op("count(alias) + sum('x') + avg('x') on a query", lambda: [[(r.alias, r.value) for r in x] for x in
                                                                    col.where(filter=FieldFilter("n", ">", 0)).limit(10).count(alias="c").sum("x").avg("x").get()])
    op("sum('x') alone", lambda: [[(r.alias, r.value) for r in x] for x in col.sum("x").get()])
    op("avg('x') alone (response nullValue)", lambda: [[(r.alias, r.value) for r in x] for x in col.avg("x").get()])

    def do_batch():
        b = db.batch()
        b.set(col.document("b1"), {"v": 1})
        b.update(col.document("b2"), {"v": firestore.Increment(1)})
        b.delete(col.document("b3"))
        b.create(col.document("b4"), {"v": 4})
        return b.commit()
    op("WriteBatch (set, update, delete, create)", do_batch)

    @firestore.transactional
    def txfn(tx, r):
        snap = r.get(transaction=tx)
        tx.update(r, {"n": snap.get("n") + 1})
        return snap.get("n")
    op("@transactional (get + update)", lambda: txfn(db.transaction(), ref))

    @firestore.transactional
    def txq(tx):
        docs = list(tx.get(col.where(filter=FieldFilter("n", ">", 0))))
        tx.set(col.document("sum"), {"k": len(docs)})
    op("@transactional with a query", lambda: txq(db.transaction()))

    @firestore.transactional
    def txfail(tx, r):
        r.get(transaction=tx)
        raise RuntimeError("boom")
    op("@transactional that raises (rollback)", lambda: txfail(db.transaction(), ref))

    op("read-only transaction", lambda: list(db.get_all([ref], transaction=_begun(db.transaction(read_only=True)))))
    op("collection.list_documents()", lambda: [d.id for d in col.list_documents()])
    op("collection.list_documents(page_size=1)", lambda: [d.id for d in col.list_documents(page_size=1)])
    op("document.collections()", lambda: [c.id for c in ref.collections()])
    op("client.collections()", lambda: [c.id for c in db.collections()])

    def bulk():
        bw = db.bulk_writer()
        bw.create(col.document("w1"), {"v": 1})
        bw.set(col.document("w2"), {"v": 2})
        bw.update(col.document("w3"), {"v": 3})
        bw.delete(col.document("w4"))
        bw.close()
    op("BulkWriter", bulk)
    op("recursive_delete", lambda: db.recursive_delete(col.document("alice")))

    json.dump({"port": port, "log": LOG, "results": results}, open(sys.argv[1], "w"), indent=1)
    srv.shutdown()


def _begun(tx):
    tx._begin()
    return tx


if __name__ == "__main__":
    main()
