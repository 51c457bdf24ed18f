-- Saved by an editor that writes a byte order mark and CRLF line ends.
local M = {}
function M.nice(last)
  return last + 1
end
return M
