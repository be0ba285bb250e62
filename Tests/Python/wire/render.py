"""Render capture logs as the markdown request log used in WIRE.md.

    python capture.py /tmp/log.json && python capture_errors.py /tmp/log2.json
    python render.py /tmp/log.json /tmp/log2.json > /tmp/request-log.md
"""
import json
import sys


def fmt(v, depth=0, width=100):
    s = json.dumps(v, separators=(", ", ": "))
    if len(s) + 2 * depth <= width or not isinstance(v, (dict, list)) or not v:
        return s
    pad = "  " * (depth + 1)
    if isinstance(v, dict):
        items = [f"{pad}{json.dumps(k)}: {fmt(x, depth + 1, width)}" for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    items = [f"{pad}{fmt(x, depth + 1, width)}" for x in v]
    return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"


def render(log, show_status=False):
    out, last = [], None
    for e in log:
        if e["label"] != last:
            out.append("\n#### " + e["label"] + "\n")
            last = e["label"]
        p, _, q = e["path"].partition("?")
        p = p.replace("/v1/projects/demo-wire/databases/%28default%29", "/v1/{db}")
        q = q.replace("%24alt=json%3Benum-encoding%3Dint", "$ALT").replace("&$ALT", "").replace("$ALT", "")
        out.append("```\n" + f"{e['method']} {p}" + (f"?{q}" if q else ""))
        if "headers" in e:
            rp = e["headers"].get("x-goog-request-params", "")
            out.append("x-goog-request-params: " + rp.replace("projects/demo-wire/databases/%28default%29", "{db%}"))
        if e["body"] is not None:
            out.append(fmt(e["body"]).replace("projects/demo-wire/databases/(default)", "P"))
        if show_status:
            resp = json.dumps(e["response"])[:160].replace("projects/demo-wire/databases/(default)", "P")
            out.append(f"-> HTTP {e['status']} {resp}")
        out.append("```")
    return "\n".join(out)


if __name__ == "__main__":
    print(render(json.load(open(sys.argv[1]))["log"]))
    if len(sys.argv) > 2:
        print(render(json.load(open(sys.argv[2])), show_status=True))
