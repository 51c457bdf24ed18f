-- Modifier functions of the Standard Set (GDD Appendix A). Each is Z -> Z: it gets the change
-- so far (`last`, an integer) and returns the next one. The manifest names them per card and
-- per change (cherry or score); one function serves both.
local M = {}

function M.plus_one(last) return last + 1 end   -- next = last + 1
function M.minus_one(last) return last - 1 end  -- next = last - 1
function M.zero(last) return 0 end              -- next = 0
function M.double(last) return 2 * last end     -- next = 2 last
function M.halve(last) return last // 2 end     -- next = floor(last / 2): // is floor division
function M.invert(last) return -last end        -- next = -last

return M
