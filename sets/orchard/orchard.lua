-- Modifier functions of the Orchard set. Each is Z -> Z (GDD §3.3.2.1.1.3): it receives the
-- change so far (`last`, an integer) and returns the next change, an integer. They are pure:
-- no state is kept between calls. `//` is floor division (-1 // 3 is -1), the GDD's floor().
local M = {}

-- The sign of an integer: -1, 0 or 1.
local function sign(x)
  if x > 0 then return 1 elseif x < 0 then return -1 else return 0 end
end

-- Cider Press: clamps the change to -1 .. 1.
function M.press(last) return math.max(-1, math.min(1, last)) end

-- Bumper Crop (cherries) and Harvest Moon (score): one further from zero.
function M.grow(last) return last + sign(last) end

-- Scarecrow: losses become 0, gains pass.
function M.no_loss(last) return math.max(last, 0) end

-- Late Frost: a third of a cherry change, rounded down; and no score gains.
function M.third(last) return last // 3 end
function M.no_gain(last) return math.min(last, 0) end

-- Tithe Barn: a third of the score change, rounded down, is taken away.
function M.tithe(last) return last - last // 3 end

return M
