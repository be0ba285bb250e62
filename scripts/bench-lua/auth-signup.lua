-- wrk script: durable Auth sign-ups, each a new e-mail/password account (accounts:signUp).
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format('{"email":"u%d-%d@bench.example","password":"secret1","returnSecureToken":true}',
    math.random(1, 1000000000), counter)
  return wrk.format("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench",
    {["Content-Type"] = "application/json"}, body)
end
