-- Keeps state between calls in an upvalue: not pure, which the contract forbids but nothing
-- can check cheaply. Each call returns a different value for the same input.
local calls = 0
local M = {}
function M.evil(last)
  calls = calls + 1
  return last + calls
end
return M
