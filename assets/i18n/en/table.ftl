# What the table shows: seats, the centre, trackers, banners, actions and the game-over
# figures. A label has a full form and a short one (`-short`) for tight spaces. `who` is
# "you" for the seat spoken to, "one" for another seat; `name` is the seat's name.

# What a seat holds, drawn with symbols beside a number, and in words for the ear: `kind`
# is chips, dice or counters.
holding-none = { $kind ->
    [dice] no dice
    [counters] no counters
   *[chips] no chips
    }
holding-words = { $kind ->
    [dice] { $count ->
        [one] 1 die
       *[other] { $count } dice
        }
    [counters] { $count ->
        [one] 1 counter
       *[other] { $count } counters
        }
   *[chips] { $count ->
        [one] 1 chip
       *[other] { $count } chips
        }
    }
holding-lives = { $count } of { $of } lives

# Status tags, drawn in capitals and said in lower case.
tag-dealer = DEALER
tag-dealer-short = DLR
tag-dealer-said = dealer
tag-sole = SOLE
tag-sole-short = SOLE
tag-sole-said = sole holder
tag-grace = GRACE
tag-grace-short = GRC
tag-grace-said = on grace
tag-out = OUT
tag-empty = EMPTY
tag-opens = OPENS
tag-opens-short = opens

# The middle of the table.
pot = Pot
centre = Centre
your-card = Your card
showdown = Showdown: lowest is { $rank }
showdown-short = Lowest: { $rank }
game-over-pot = Pot: { $pot }   Turns: { $turns }
game-over-turns = Turns: { $turns }
game-over-rounds = Rounds: { $rounds }   Turns: { $turns }
chips-in-play = Chips in play: { $count }
chips-in-play-short = In play: { $count }

# A table's settings in words.
settings-players = { $count ->
    [one] 1 player
   *[other] { $count } players
    }
# `stock` is chips, dice, lives or counters.
settings-stock = { $stock ->
    [dice] { $count ->
        [one] 1 die
       *[other] { $count } dice
        }
    [lives] { $count ->
        [one] 1 life
       *[other] { $count } lives
        }
    [counters] { $count ->
        [one] 1 counter
       *[other] { $count } counters
        }
   *[chips] { $count ->
        [one] 1 chip
       *[other] { $count } chips
        }
    } each
settings-rounds = { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
    }
settings-rounds-stakes = { settings-rounds }, { $bank ->
    [one] 1 chip
   *[other] { $bank } chips
    } each
settings-rounds-points = { settings-rounds }, for points
settings-both = { $stock }, { $rounds_said }

# The actions, in the words of the game's moment.
action-roll = Roll
action-roll-dice = Roll { $count ->
    [one] 1 die
   *[other] { $count } dice
    }
action-set-down = Set down a { $face }
action-give-three = Give the 3 to { $name }
action-take-chip = Take a chip from { $name }
action-keep = Keep
action-exchange = Exchange
action-cut = Cut the deck
action-throw-king = Throw down the King
action-keep-three = Keep the 3
action-buy-throw = Buy an extra throw (1 chip)
action-throw-of = Throw { $throw } of 3
action-keep-king-quiet = Keep the King quiet
action-exchange-with = Exchange with { $name }

# Banners: the key moments.
banner-wins-pot = { $who ->
    [you] You win
   *[other] { $name } wins
    } the pot of { $pot }!
banner-wins-pot-short = { $who ->
    [you] You win
   *[other] { $name } wins
    } { $pot }!
banner-all-out = { $names } are out!
banner-all-out-short = { $names } out
banner-all-lose-life = { $names } each lose a life
banner-all-lose-life-short = { $names } -1 life

## Aces in the Pot
aces-finale = Finale: { $who ->
    [you] You throw
   *[other] { $name } throws
    } alone, three safe throws to win
aces-finale-short = Finale!
aces-safe = Throw { $safe } of 3: safe!
aces-safe-short = { $safe } of 3 safe
aces-finale-fails = Throw { $throw } of 3: a { $face }! The finale fails; { $name } is back in
aces-finale-fails-short = A { $face }! The finale fails
aces-throw-bought = { $who ->
    [you] You buy
   *[other] { $name } buys
    } an extra throw for a chip
aces-throw-bought-short = Extra throw!
aces-forgiven = A { $face }, forgiven: { $who ->
    [you] your
   *[other] { $name }'s
    } extra throw is used
aces-forgiven-short = Forgiven!
aces-moment = the finale's throw { $throw } of { $of }
aces-safe-marks = safe { $marks }
# The safe throws for the ear: `safe` so far, `to_go` still to throw.
aces-safe-words = { $safe ->
    [0] none yet
   *[other] { $safe }
    }, { $to_go } to go
aces-safe-said = safe throws: { $words }
aces-tracker-finale = FINALE: { $who ->
    [you] You throw
   *[other] { $name } throws
    } alone
aces-tracker-finale-short = FINALE
aces-tracker-safe = Safe throws { $marks } ({ $safe } of 3)
aces-tracker-safe-short = Safe { $marks }
aces-tracker-safe-said = Safe throws: { $words }
aces-avoid = Avoid the { $face }
aces-may-buy = May buy an extra throw for 1 chip
aces-may-buy-short = Extra throw: 1 chip
aces-bought = Extra throw bought: one { $face } forgiven
aces-bought-short = One { $face } forgiven
aces-faces = { $paying } pays the pot, { $passing } passes
aces-faces-short = { $paying } pays, { $passing } passes
# `way` is left or right.
aces-passing = Round { $round }: chips pass { $way ->
    [left] left
   *[right] right
    }
aces-passing-short = R{ $round }: { $way ->
    [left] left
   *[right] right
    }

## LCR
lcr-wilds = Wilds to take: { $count }
lcr-wild-takes = Wild! { $who ->
    [you] You take
   *[other] { $name } takes
    } a chip from { $from }
lcr-wild-takes-short = Wild!
lcr-wild-fizzles = Wild! Nobody else has a chip for { $name } to take
lcr-wild-fizzles-short = Wild: nothing

## Swedish Aces
swedish-opening = Opening roll: { $names } for the start
swedish-opening-short = Opening roll, { $count } rolling
swedish-dice-in-play = Dice in play: { $count }
swedish-in-centre = In the centre: { $count }
swedish-threes = Threes to keep or give: { $count }
swedish-threes-short = Threes: { $count }
swedish-loses = { $who ->
    [you] You send
   *[other] { $name } sends
    } the last die: everyone else wins!
swedish-loses-short = { $name } last
swedish-tie = { $names } tie on { $total }: roll again
swedish-tie-short = A tie on { $total }
swedish-opens = { $who ->
    [you] You start
   *[other] { $name } starts
    } with { $total }
swedish-opens-short = { $name } starts

## Forty-One
forty-one-perfect = { $who ->
    [you] You score
   *[other] { $name } scores
    } the perfect 24!
forty-one-perfect-short = A perfect 24!
forty-one-bust = { $who ->
    [you] You bust
   *[other] { $name } busts
    }: no 4 and 1
forty-one-bust-short = Bust!
forty-one-round-begins = Round { $round }: { $who ->
    [you] You roll
   *[other] { $name } rolls
    } first
forty-one-round-begins-short = Round { $round }
forty-one-round-won = { $who ->
    [you] You win
   *[other] { $name } wins
    } round { $round } with { $perfect ->
    [yes] a perfect { $score }
   *[no] { $score }
    }
forty-one-round-won-short = { $name } R{ $round }
forty-one-round-tied = A tie on { $score }: the round is played again
forty-one-round-tied-nobody = Nobody qualified: the round is played again
forty-one-round-tied-short = A tie: again
forty-one-round-shared = { $names } share round { $round } with { $score }
forty-one-round-shared-nobody = { $names } share round { $round }: nobody qualified
forty-one-round-shared-short = R{ $round } shared
forty-one-out = { $who ->
    [you] You are
   *[other] { $name } is
    } out of the match
forty-one-out-short = { $name } out
# `who` may be "many", `name` then the names in a list.
forty-one-match-won = { $who ->
    [one] { $name } wins
    [you] You win
   *[many] { $name } win
    } the match with { pile }!
forty-one-match-won-short = Match over!
forty-one-rounds-replayed = { $round } ({ $replays ->
    [one] 1 replay
   *[other] { $replays } replays
    } after a tie)
forty-one-scored = scored { $score }
forty-one-scored-short = { $score } pts
forty-one-seat-bust = bust
forty-one-to-roll = to roll
forty-one-owes = owes { $owed }
forty-one-turn-bust = bust: no score
forty-one-so-far = score so far { $score }
forty-one-so-far-none = score so far —
forty-one-so-far-none-said = score so far none yet
forty-one-turn-over = Round { $round } of { $rounds } · turn over
forty-one-turn-over-short = R{ $round }/{ $rounds } · done
forty-one-rolling = Round { $round } of { $rounds } · roll { $roll } of 6
forty-one-rolling-short = R{ $round }/{ $rounds } · roll { $roll }/6
forty-one-set-down = Set down: { $down }
forty-one-set-down-short = Down: { $down }
forty-one-set-down-nothing = nothing
# For the ear: whether the 4 and the 1 are set down, and the score.
forty-one-needs-said = { $four ->
    [yes] has
   *[no] no
    } 4, { $one ->
    [yes] has
   *[no] no
    } 1, { $score }
forty-one-round-result-won = Round { $round }: { $who ->
    [you] You win
   *[other] { $name } wins
    } with { $score }
forty-one-round-result-won-short = R{ $round } to { $name }
forty-one-round-result-shared = Round { $round }: shared
forty-one-round-result-shared-short = R{ $round } shared
forty-one-round-result-tied = Round { $round }: a tie, played again
forty-one-round-result-tied-short = R{ $round } tied: again
forty-one-to-beat = Score to beat: { $score }
forty-one-to-beat-short = To beat: { $score }
forty-one-to-beat-none = none yet
# `stakes` is yes (chips) or no (rounds won).
forty-one-final-piles = Final piles ({ $stakes ->
    [yes] chips
   *[no] rounds won
    }):

## Chase the Ace
chase-dealt = Round { $round }: { $who ->
    [you] You deal
   *[other] { $name } deals
    }
chase-dealt-short = Round { $round }
chase-cut = { $who ->
    [you] You cut
   *[other] { $name } cuts
    } the deck: { $card }
chase-cut-short = Cut: { $card }
chase-king = { $who ->
    [you] You throw
   *[other] { $name } throws
    } down a King!
chase-king-short = A King!
chase-lost-life = { $who ->
    [you] You lose
   *[other] { $name } loses
    } a life ({ $left } left)
chase-lost-life-short = { $name } -1 life
chase-on-grace = { $who ->
    [you] You are
   *[other] { $name } is
    } on grace: one more loss and out
chase-on-grace-short = { $name } on grace
chase-out = { $who ->
    [you] You are
   *[other] { $name } is
    } out!
chase-out-short = { $name } out
chase-void = Everyone left would go out: the round is void
chase-void-short = Void round
chase-stayner = Stayner! Everyone is back in with full lives
chase-stayner-short = Stayner!
chase-kept = kept
chase-swapped = swapped
chase-swapped-short = swap
chase-cut-status = cut
chase-king-down = King down
chase-king-down-short = K down
chase-threw-king = { $who ->
    [you] You threw
   *[other] { $name } threw
    } a King: showdown
chase-showdown = Showdown
chase-shuffling = Shuffling for the next deal
chase-shuffling-short = Shuffling
# `who` is "you" for your turn, "one" for another's.
chase-exchanges = Exchanges: { $who ->
    [you] your
   *[other] { $name }'s
    } turn
chase-exchanges-short = { $who ->
    [you] your
   *[other] { $name }'s
    } turn
chase-king-call = Throw your King down before { $name }'s turn?
chase-king-call-short = Throw the King?
chase-dealer-choice = Keep or cut: { $who ->
    [you] your
   *[other] { $name }'s
    } turn (dealer)
chase-dealer-choice-short = Dealer: { $who ->
    [you] your
   *[other] { $name }'s
    } turn
chase-over = Game over
chase-over-short = Over
chase-round = Round { $round } · { $phase }
chase-round-short = R{ $round } · { $phase }
chase-players-in = Players in: { $count }
chase-players-in-short = In: { $count }
chase-on-grace-list = On grace: { $names }
chase-on-grace-count = On grace: { $count }

## Help Your Neighbour
help-dice = Dice: three d{ $sides }
help-dice-blank = Dice: three d{ $sides }, the { $blank } blank
help-dice-blanks = Dice: three d{ $sides }, { $blanks } blank
help-dice-short = 3d{ $sides }
help-owns = OWNS { $owned }
help-owns-one = OWNS #{ $owned }
help-owns-short = #{ $owned }
help-owns-said = owns { $owned }
help-owns-range = { $from } to { $to }
help-games-won = { $count ->
    [one] 1 game
   *[other] { $count } games
    } won
help-games-won-short = { $count } won
help-to-pay = Counters to pay: { $count }
help-to-pay-short = To pay: { $count }
help-game-of = Game { $game } of { $rounds }
help-game-of-short = { $game }/{ $rounds }
help-paid-out = { $who ->
    [you] You pay
   *[other] { $name } pays
    } out: game { $game } of { $rounds } won!
help-paid-out-short = { $who ->
    [you] You win
   *[other] { $name } wins
    } game { $game }
help-game-begins = Game { $round } of { $rounds }: { $who ->
    [you] You roll
   *[other] { $name } rolls
    } first
help-game-begins-short = Game { $round }
help-match-won = { $who ->
    [one] { $name } wins
    [you] You win
   *[many] { $name } share
    } the match with { $games ->
    [one] 1 game
   *[other] { $games } games
    }!
help-match-won-short = { $who ->
    [one] { $name } wins
    [you] You win
   *[many] { $name } share
    } the match!
help-games-won-line = Games won:
