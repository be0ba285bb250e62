-- wrk script: the same structured query, over and over (equality + orderBy + limit 10).
-- The collection comes from the COLLECTION environment variable.
local collection = os.getenv("COLLECTION") or "users100k"
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"structuredQuery":{"from":[{"collectionId":"]] .. collection .. [["}],
  "where":{"fieldFilter":{"field":{"fieldPath":"team"},"op":"EQUAL","value":{"stringValue":"t7"}}},
  "orderBy":[{"field":{"fieldPath":"score"},"direction":"DESCENDING"}],"limit":10}}]]
