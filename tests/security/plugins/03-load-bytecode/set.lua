-- Hand-made bytecode through load, with every mode argument and through a reader function.
local M = {}
local header = "\27LuaT\0\25\147\r\n\26\n\4\8\8"
function M.evil(last)
  for _, mode in ipairs({"b", "bt", "t"}) do
    local f = load(header, "=bytecode", mode)
    if f then return f() end
  end
  local sent = false
  local f, err = load(function() if sent then return nil end sent = true return header end, "=reader", "b")
  if f then return f() end
  error(err, 0)
end
return M
