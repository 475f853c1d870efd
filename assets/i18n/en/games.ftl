# The games' own words: names, variants, bot levels.

# A variant's name as a player reads it: `variant` is its id, which English shows as it is.
variant-name = { $variant }

# Each game's name, its name for a bar of the stats chart (at most five letters), and the
# game in one line.
aces-title = Aces in the Pot
aces-short-title = Aces
aces-tagline = Aces pay the pot, sixes pass left; survive three throws alone
lcr-title = LCR (Left Center Right)
lcr-short-title = LCR
lcr-tagline = Left, Right, Centre: the last player holding chips takes the pot
swedish-title = Swedish Aces
swedish-short-title = Swed
swedish-tagline = Shed your dice; whoever sends the last one to the centre loses
forty-one-title = Forty-One
forty-one-short-title = 41
forty-one-tagline = Six rolls, one die down each time: a 4 and a 1, then score
chase-title = Chase the Ace
chase-short-title = Chase
chase-tagline = One card each: keep it or pass it left; the lowest loses a life
help-title = Help Your Neighbour
help-short-title = Help
help-tagline = Every number rolled makes its owner pay: the first to pay out every counter wins

# Who is seat 0 when wins are tallied by position.
seat-zero-first-to-act = 0 = first to act
seat-zero-first-dealer = 0 = first dealer
seat-zero-first-to-roll = 0 = first to roll
seat-zero-opening-winner = 0 = opening winner

# What a seat plays for: "the chance { goal-... }", and a chart's title.
goal-win-game = to win the game
goal-not-lose = not to lose
goal-win-match = to win the match
chart-not-losing = Chance of not being the loser
chart-winning = Chance of winning
# What a position's place is counted in: "turn 14", "round 3".
progress-turn = turn
progress-round = round

# The biggest thing won at the end, for you and for any winner.
aces-biggest-win-yours = most chips you ended a win with (pot and your own)
aces-biggest-win-anyone = most chips a winner ended with (pot and their own)
biggest-pot-yours = biggest pot you won
biggest-pot-anyone = biggest pot won
forty-one-biggest-win-yours = biggest pile you won the match with
forty-one-biggest-win-anyone = biggest winning pile

# The figures the stats keep, and their units.
aces-finales-survived = finales survived (three safe throws alone)
forty-one-best-turn = best turn
forty-one-perfect-24s = perfect 24s
chase-wins-by-lives = wins by lives left
unit-point = point
unit-points = points
unit-life = life
unit-lives = lives

# How the review speaks of a game's decisions.
forty-one-measure = chance to win the round
forty-one-decision = die set down
forty-one-decisions = dice set down
chase-measure = chance not to end the round lowest
chase-options-heading = chance to end the round lowest
chase-decision = decision
chase-decisions = decisions

# How a game's rules changed, told to an older replay or game code.
swedish-rule-change-threes = with threes-travel a 3 may now be kept, and passing one no longer earns a roll
forty-one-rule-change-bust = in Forty-One a bust's chip now goes into the next round's pot, and without stakes a tie is shared rather than replayed
chase-rule-change-kings = with king-stops a King may now be thrown at any point of the round

# Each variant's house rule in one line, for the setup form.
variant-reversed-faces = Sixes pay the pot and aces pass left; the finale avoids the ace
variant-ace-finale = In the finale the paying face is the one to avoid
variant-pass-right = Chips and the finale hand-over travel right, not left
variant-one-finale = One bad finale throw ends the game: the neighbour wins
variant-threes-travel = You may give each 3 you roll to a player of your choice
variant-jackpot = One extra chip starts in the pot for the winner
variant-wild = A 6 is a wild: take a chip from any player who has one
variant-grace = Losing your last life puts you on grace for one more round
variant-king-stops = A King thrown face up at any point stops the round
variant-stayner = With grace: if the last two tie on grace, everyone is back in
variant-double-burn = A dealer who cuts their own rank, lowest, loses two lives
variant-pass-alternate = Chips pass left one round, right the next, and so on
variant-buy-throw = Before a finale, buy one forgiven throw for a chip

# The bot levels as a player reads them (in English, as the flags name them).
bot-standard = standard
bot-novice = novice
bot-safe = safe
bot-expert = expert
bot-threshold = threshold

# An action in a few words, seats by number: the review's options.
plays-roll = roll
plays-set-down = set down a { $face }
plays-give-three = give the 3 to seat { $seat }
plays-take-chip = take a chip from seat { $seat }
plays-keep = keep
plays-exchange = exchange
plays-cut = cut
plays-throw-king = throw down the King
plays-keep-three = keep the 3
plays-buy-throw = buy an extra throw
