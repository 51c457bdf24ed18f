-- utf8.len decodes a megabyte in one C call; string.upper/lower/reverse and string.format
-- of long strings likewise touch every byte. Each is charged by the bytes it touches.
local big = ("\u{4E2D}"):rep(300000)  -- 900,000 bytes
local M = {}
function M.evil(last)
  local n = 0
  while true do
    n = n + utf8.len(big) + #big:upper() + #big:reverse() + #string.format("%s%q", big, big:sub(1, 100000))
  end
end
return M
