-- One card's function removes the math library from the plugin's globals; the other card uses
-- it. Before, the innocent card faulted ("attempt to index a nil value (global 'math')") and
-- was removed, while the poisoner stayed. Now the plugin's globals are read-only after load:
-- the write faults the poisoner, and math stays.
local M = {}
function M.poison(last)
  _G.math = nil
  return last
end
function M.innocent(last)
  return math.max(last, 0)
end
return M
