-- An error message with terminal escape sequences (clear screen, fake prompt) and a megabyte
-- of padding, aimed at whoever prints faults.
local M = {}
function M.evil(last)
  error("\27[2J\27[1;1Hall good\r\n" .. ("A"):rep(1000000), 0)
end
return M
