-- Reaches for the operating system.
local M = {}
function M.evil(last)
  if io then io.open("/tmp/cherries-pwned", "w"):write("pwned") end
  os.execute("touch /tmp/cherries-pwned")
  return last
end
return M
