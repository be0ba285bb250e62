-- wrk script: durable Auth sign-ups, each a new e-mail/password account (accounts:signUp).
-- Each wrk thread has its own Lua state, so setup() numbers them and e-mails carry the number.
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"email":"u%d-%d-%d@bench.example","password":"secret1","returnSecureToken":true}',
    thread_id, counter, math.random(1, 1000000000))
  return wrk.format("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench",
    {["Content-Type"] = "application/json"}, body)
end
