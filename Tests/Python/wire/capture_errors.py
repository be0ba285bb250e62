"""Capture: how REST errors map to exceptions, and the transaction retry. Usage: python capture_errors.py out.json"""
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1.services.firestore import FirestoreClient
from google.api_core import exceptions as gexc
LOG=[]; LABEL=["-"]; TS="2024-01-01T00:00:00Z"; STATE={"commits":0}
class H(BaseHTTPRequestHandler):
    protocol_version="HTTP/1.1"
    def log_message(self,*a): pass
    def any(self):
        n=int(self.headers.get("Content-Length") or 0); raw=self.rfile.read(n) if n else b""
        body=json.loads(raw) if raw else None
        path=self.path.split("?")[0]; code=200
        if path.endswith(":beginTransaction"): resp={"transaction": "dHgx" if not (body or {}).get("options") else "dHgy"}
        elif path.endswith(":batchGet"): resp=[{"found":{"name":d,"fields":{"n":{"integerValue":"1"}},"createTime":TS,"updateTime":TS},"readTime":TS} for d in body["documents"]]
        elif path.endswith(":rollback"): resp={}
        elif path.endswith(":commit"):
            STATE["commits"]+=1
            if LABEL[0].startswith("tx") and STATE["commits"]==1:
                code=409; resp={"error":{"code":409,"message":"Transaction lock timeout / aborted","status":"ABORTED"}}
            elif LABEL[0]=="create-conflict":
                code=409; resp={"error":{"code":409,"message":"Document already exists: x","status":"ALREADY_EXISTS"}}
            elif LABEL[0]=="update-missing":
                code=404; resp={"error":{"code":404,"message":"No document to update: x","status":"NOT_FOUND"}}
            else: resp={"writeResults":[{"updateTime":TS} for _ in body["writes"]],"commitTime":TS}
        elif path.endswith(":runQuery"):
            code=400; resp={"error":{"code":400,"message":"bad query","status":"INVALID_ARGUMENT"}}
        else: resp={}
        LOG.append({"label":LABEL[0],"method":self.command,"path":self.path,"body":body,"status":code,"response":resp})
        out=json.dumps(resp).encode()
        self.send_response(code); self.send_header("Content-Type","application/json"); self.send_header("Content-Length",str(len(out))); self.end_headers(); self.wfile.write(out)
    do_GET=do_POST=do_PATCH=do_DELETE=any
from google.api_core import exceptions as gexc


class AbortedAwareClient(FirestoreClient):
    """Re-raise a 409 whose JSON status is ABORTED as exceptions.Aborted (what the gRPC transport would raise)."""
    def commit(self, *a, **k):
        try:
            return super().commit(*a, **k)
        except gexc.Conflict as e:
            if e.response.json()["error"].get("status") == "ABORTED":
                raise gexc.Aborted(e.message, response=e.response) from e
            raise


def make_client(port, cls):
    db = firestore.Client(project="demo-wire", credentials=AnonymousCredentials())
    db._firestore_api_internal = cls(transport="rest", credentials=AnonymousCredentials(),
                                     client_options={"api_endpoint": f"http://127.0.0.1:{port}"})
    return db


srv=ThreadingHTTPServer(("127.0.0.1",0),H); port=srv.server_address[1]
threading.Thread(target=srv.serve_forever,daemon=True).start()
db = make_client(port, FirestoreClient)
ref=db.collection("c").document("d")
calls=[]
@firestore.transactional
def fn(tx):
    calls.append(1); s=ref.get(transaction=tx); tx.update(ref,{"n":s.get("n")+1})
def run(label,f):
    LABEL[0]=label
    try: print(label,"->",f())
    except Exception as e: print(label,"-> EXC",type(e).__mro__[:3],str(e)[:200], getattr(e,'response',None) is not None)
run("tx-aborted-once", lambda: fn(db.transaction()))
print("calls",len(calls))
run("create-conflict", lambda: ref.create({"a":1}))
run("update-missing", lambda: ref.update({"a":1}))
from google.cloud.firestore_v1 import FieldFilter
run("bad-query", lambda: list(db.collection("c").where(filter=FieldFilter("a","==",1)).stream()))
# same conflict once more, with the Aborted-aware wrapper: the client retries
db = make_client(port, AbortedAwareClient)
ref = db.collection("c").document("d")
STATE["commits"] = 0
calls.clear()
run("tx-aborted-once-with-wrapper", lambda: fn(db.transaction()))
print("calls", len(calls))
json.dump(LOG,open(sys.argv[1],"w"),indent=1)
