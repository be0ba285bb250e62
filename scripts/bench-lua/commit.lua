-- wrk script: single-document commits, each to a new document (per-thread counter).
local counter = 0
local prefix = "projects/bench/databases/(default)/documents/writes/"
request = function()
  counter = counter + 1
  local id = string.format("w%d-%d", math.random(1, 1000000000), counter)
  local body = '{"writes":[{"update":{"name":"' .. prefix .. id ..
    '","fields":{"n":{"integerValue":"' .. counter .. '"},"tag":{"stringValue":"bench"}}}}]}'
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, body)
end
