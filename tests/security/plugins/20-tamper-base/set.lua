-- Tampers with everything shared it can reach, at load and at every call, and checks that its
-- own changes took (so the test knows the tampering happened where it could).
local function tamper()
  string.rep = function() return "pwned" end
  string.format = nil
  math.floor = function() return 666 end
  table.concat = function() error("pwned") end
  pairs = nil
  tostring = function() return "pwned" end
  LEAK = "from hostile-20"
  _G.LEAK2 = true
  pcall(function() getmetatable("").__index.rep = nil end)   -- false: no way in
  setmetatable(_ENV, { __index = function(_, k) error("no global " .. tostring(k)) end,
                       __newindex = function() error("read-only") end })
end
tamper()
assert(string.rep("x", 2) == "pwned" and math.floor(1.5) == 666)
local M = {}
function M.evil(last)
  pcall(tamper)
  return last
end
return M
