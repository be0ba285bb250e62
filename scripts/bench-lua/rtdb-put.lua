-- wrk script: durable Realtime Database writes, each a PUT of a small object to a new location.
local counter = 0
request = function()
  counter = counter + 1
  local path = string.format("/bench/w%d-%d.json?print=silent", math.random(1, 1000000000), counter)
  return wrk.format("PUT", path, {["Content-Type"] = "application/json"}, '{"n":' .. counter .. ',"tag":"bench"}')
end
