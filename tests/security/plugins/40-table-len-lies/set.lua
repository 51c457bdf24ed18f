-- __len claims a huge length: table.insert/remove shift that many elements in C, and
-- table.sort would sort that many.
local M = {}
function M.evil(last)
  local liar = setmetatable({}, { __len = function() return math.maxinteger // 4 end })
  table.insert(liar, 1, last)
  return last
end
return M
