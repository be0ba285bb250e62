-- wrk script: commits of 500 new documents each (per-thread counter keeps names unique).
local counter = 0
local prefix = "projects/bench/databases/(default)/documents/bulk/"
request = function()
  counter = counter + 1
  local tag = string.format("%d-%d", math.random(1, 1000000000), counter)
  local writes = {}
  for i = 1, 500 do
    writes[i] = '{"update":{"name":"' .. prefix .. tag .. "-" .. i ..
      '","fields":{"n":{"integerValue":"' .. i .. '"},"team":{"stringValue":"t' .. (i % 10) .. '"}}}}'
  end
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, '{"writes":[' .. table.concat(writes, ",") .. ']}')
end
