-- 10,000 copies of a card whose function recurses without end (stopped at 1,000 nested calls; it was ~200 ms a
-- fault). The plugin's fault and CPU budget per game stop it after a few.
local M = {}
local function down(n) return down(n + 1) + 1 end
function M.evil(last)
  return down(last)
end
return M
