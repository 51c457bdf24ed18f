-- Leader Hunter: always hurts the leader (the other player with the highest score).
-- decide(view) returns the name of the player who gets the drawn card (view.me keeps it).
local M = {}

-- How much a give helps its receiver: score gained, plus one for ending on a cherry count
-- that scores under the gametype's distribution.
local function gain(view, plan, player)
  local scores = view.gametype.distribution[plan.receiver_cherries] or 0
  local before = view.gametype.distribution[player.cherries] or 0
  return (plan.receiver_score - player.score) + (scores > 0 and 1 or 0) - (before > 0 and 1 or 0)
end

function M.decide(view)
  local me, leader
  for _, p in ipairs(view.players) do
    if p.name == view.me then
      me = p
    elseif leader == nil or p.score > leader.score then
      leader = p
    end
  end
  local keep = view.plan(me.name)
  if keep.receiver_wins or keep.player_wins then return me.name end
  local hurt = view.plan(leader.name)
  if not hurt.receiver_wins and not hurt.player_wins and gain(view, hurt, leader) < 0 then
    return leader.name  -- it costs the leader something: they get it
  end
  if gain(view, keep, me) > 0 or keep.player_score > me.score then return me.name end
  -- Harmless to everyone: give it to the leader anyway, unless it would help them.
  if not hurt.receiver_wins and not hurt.player_wins and gain(view, hurt, leader) <= 0 then
    return leader.name
  end
  return me.name
end

return M
