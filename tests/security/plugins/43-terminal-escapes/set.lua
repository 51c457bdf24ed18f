-- An error message with terminal escape sequences (clear screen, fake prompt) and a megabyte
-- of padding, aimed at whoever prints faults. The padding is a 1,000-byte piece repeated: a byte
-- at a time is a million copies, which under ASan alone outlast the call's few ms of CPU time.
local M = {}
function M.evil(last)
  error("\27[2J\27[1;1Hall good\r\n" .. ("A"):rep(1000):rep(1000), 0)
end
return M
