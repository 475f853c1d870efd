# The log's sentences: what happened, told to the one at this screen. `who` is "you" for
# the seat spoken to, "one" for another seat, "many" for several seats together; `name`
# is the seat's name or the names in a list.

rolled = { $who ->
    [you] You roll { $dice }
   *[other] { $name } rolls { $dice }
    }
