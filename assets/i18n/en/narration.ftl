# The log's sentences: what happened, told to the one at this screen. `who` is "you" for
# the seat spoken to, "one" for another seat, "many" for several seats together; `name`
# is the seat's name or the names in a list. Where a sentence names a second seat, it is
# `to_who` and `to_name` ("you" or "one").

rolled = { $who ->
    [you] You roll { $dice }
   *[other] { $name } rolls { $dice }
    }

# Turns skipped one after another; `count` is how many.
skipped = { $who ->
    [one] { $name } has
    [you] You have
   *[many] { $name } have
    } nothing to play: { $count ->
    [one] turn skipped
   *[other] { $count } turns skipped
    }

# Chips, dice, lives or counters, counted: `token` is chip, die, life or counter.
tokens = { $token ->
    [die] { $count ->
        [1] one die
        [2] two dice
        [3] three dice
       *[other] { $count } dice
        }
    [life] { $count ->
        [1] one life
        [2] two lives
        [3] three lives
       *[other] { $count } lives
        }
    [counter] { $count ->
        [1] one counter
        [2] two counters
        [3] three counters
       *[other] { $count } counters
        }
   *[chip] { $count ->
        [1] one chip
        [2] two chips
        [3] three chips
       *[other] { $count } chips
        }
    }

# Where tokens go in the middle: `place` is "centre" (Swedish Aces' dice, out there) or
# "pot".
moved-sent = { $who ->
    [you] You send
   *[other] { $name } sends
    } { $tokens } to { $place ->
    [centre] the centre
   *[pot] the pot
    }
moved-put = { $who ->
    [you] You put
   *[other] { $name } puts
    } { $tokens } in { $place ->
    [centre] the centre
   *[pot] the pot
    }
moved-passed = { $who ->
    [you] You pass
   *[other] { $name } passes
    } { $tokens } to { $to_who ->
    [you] you
   *[other] { $to_name }
    }
moved-taken = { $who ->
    [you] You take
   *[other] { $name } takes
    } { $tokens } from { $place ->
    [centre] the centre
   *[pot] the pot
    }
# Begins with the tokens, in lower case: the log gives the sentence its capital.
moved-stayed = { $tokens } { $count ->
    [one] stays
   *[other] stay
    } in { $place ->
    [centre] the centre
   *[pot] the pot
    }

finale-begins = { $who ->
    [you] You hold
   *[other] { $name } holds
    } every chip left: the finale begins, three safe throws to win
safe-throw = { $who ->
    [you] You throw
   *[other] { $name } throws
    } safe ({ $safe } of 3)
normal-play-resumes = Two players hold chips again: normal play resumes with { $who ->
    [you] you
   *[other] { $name }
    }
throw-bought = { $who ->
    [you] You put
   *[other] { $name } puts
    } one chip in the pot for an extra throw
throw-forgiven = { $who ->
    [you] Your
   *[other] { $name }'s
    } extra throw forgives that one: nothing passes, the safe throws stand
opening-tie = { $who ->
    [one] { $name } ties
    [you] You tie
   *[many] { $name } tie
    } on { $total } and roll again
opens = { $who ->
    [you] You roll
   *[other] { $name } rolls
    } the highest ({ $total }) to start
three-travels = { $who ->
    [you] Your
   *[other] { $name }'s
    } travelling 3 goes to { $to_who ->
    [you] you
   *[other] { $to_name }
    }
three-kept = { $who ->
    [you] You keep
   *[other] { $name } keeps
    } the 3
wild-takes = { $who ->
    [you] Your
   *[other] { $name }'s
    } wild takes a chip from { $to_who ->
    [you] you
   *[other] { $to_name }
    }
wild-fizzles = { $who ->
    [you] Your
   *[other] { $name }'s
    } wild finds nobody to take from
wins-pot = { $who ->
    [you] You win
   *[other] { $name } wins
    } the pot of { $pot }
loses = { $who ->
    [you] You
   *[other] { $name }
    } sent the last die to the centre: everyone else wins

set-down = { $who ->
    [you] You set
   *[other] { $name } sets
    } down a { $face } (roll { $roll } of 6)
scored-perfect = { $who ->
    [you] You score
   *[other] { $name } scores
    } the perfect 24
scored = { $who ->
    [you] You score
   *[other] { $name } scores
    } { $score }
bust = { $who ->
    [you] You bust
   *[other] { $name } busts
    }: no 4 and 1
round-won = { $who ->
    [you] You win
   *[other] { $name } wins
    } the round with { $score }
round-tied = A tie on { $score }: the round is replayed
round-tied-nobody = Nobody qualified: the round is replayed
round-shared = { $who ->
    [one] { $name } shares
    [you] You share
   *[many] { $name } share
    } the round with { $score }
# `name` starts with "you" in lower case where you are first.
round-shared-nobody = Nobody qualified: { $name } { $who ->
    [one] shares
   *[other] share
    } the round
penalty-owed = { $who ->
    [you] You owe
   *[other] { $name } owes
    } one chip to the next round's pot
penalty-paid = { $who ->
    [you] You pay
   *[other] { $name } pays
    } the chip owed for a bust into the pot
out-of-match = { $who ->
    [you] You
   *[other] { $name }
    } cannot ante: out of the match
round-begins = Round { $round }: { $who ->
    [you] you open
   *[other] { $name } opens
    }
match-won = { $who ->
    [one] { $name } wins
    [you] You win
   *[many] { $name } win
    } the match with { pile }
# A match's pile: chips where it is played for a bank's chips (`stakes` is "yes"), rounds
# won where it is not.
pile = { $stakes ->
    [yes] { $count ->
        [one] 1 chip
       *[other] { $count } chips
        }
   *[no] { $count ->
        [one] 1 round won
       *[other] { $count } rounds won
        }
    }

dealt = { $who ->
    [you] You deal
   *[other] { $name } deals
    } a card to everyone still in
kept = { $who ->
    [you] You keep
   *[other] { $name } keeps
    }
exchanged = { $who ->
    [you] You exchange
   *[other] { $name } exchanges
    } with { $to_who ->
    [you] you
   *[other] { $to_name }
    }
cut = { $who ->
    [you] You cut
   *[other] { $name } cuts
    } the deck to the { $card }
king-thrown = { $who ->
    [you] You throw
   *[other] { $name } throws
    } down a King: the round stops
# A card as drawn: "10♠".
shown = { $who ->
    [you] You show
   *[other] { $name } shows
    } { $card }
# A card in words: "ten of spades".
shown-said = { $who ->
    [you] You show
   *[other] { $name } shows
    } the { $card }
lost-life = { $who ->
    [you] You lose
   *[other] { $name } loses
    } a life ({ $left } left)
on-grace = { $who ->
    [you] You are
   *[other] { $name } is
    } on grace: one more loss and out
out = { $who ->
    [you] You are
   *[other] { $name } is
    } out
void-round = Everyone left would go out: the round is void
reset = The last two tie on grace: everyone is back in with full lives

# Names in a list: "Ana and Ben", "Ana, Ben and Cara" (`first` is all but the last,
# joined by commas).
list-pair = { $first } and { $last }
# The seat spoken to, in a list of names ("Ana, you and Ben").
list-you = you
# A seat with no name.
seat-numbered = Seat { $seat }
# The name the one person at a table has unless they choose one.
seat-you = You
# An open seat of a shared table while it waits.
seat-open = (open)

# For the ear: a number in words ("three, eight, one"), and a list of them or of faces.
number-word = { $number ->
    [0] zero
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
   *[other] { $number }
    }
# LCR's faces in words: `face` is left, right, centre, dot or wild.
lcr-face = { $face ->
    [left] Left
    [right] Right
    [centre] Centre
    [dot] dot
   *[wild] wild
    }
# A card in words: `rank` 1 (ace) to 13 (king), `suit` clubs, diamonds, hearts or spades.
card-words = { $rank ->
    [1] ace
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
    [10] ten
    [11] jack
    [12] queen
   *[13] king
    } of { $suit ->
    [clubs] clubs
    [diamonds] diamonds
    [hearts] hearts
   *[spades] spades
    }
