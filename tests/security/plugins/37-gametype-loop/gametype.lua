local M = {}
function M.distribution(cherries)
  while true do end
end
return M
