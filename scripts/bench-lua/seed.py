"""Seeds a Firestore collection on a running Hearth through :commit, 500 writes per request.

Usage: python3 seed.py BASE_URL COLLECTION COUNT   (standard library only)
Documents: {team: "t<i % 100>", score: i, name: "user <i>"}.
"""
import json
import sys
import urllib.request

base, collection, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
prefix = "projects/bench/databases/(default)/documents"
for start in range(0, count, 500):
    writes = [
        {"update": {"name": f"{prefix}/{collection}/u{i:07d}",
                    "fields": {"team": {"stringValue": f"t{i % 100}"}, "score": {"integerValue": str(i)},
                               "name": {"stringValue": f"user {i}"}}}}
        for i in range(start, min(count, start + 500))
    ]
    request = urllib.request.Request(f"{base}/v1/{prefix}:commit", data=json.dumps({"writes": writes}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as response:
        response.read()
