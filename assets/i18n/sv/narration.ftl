rolled = { $who ->
    [you] Du kastar { $dice }
   *[other] { $name } kastar { $dice }
    }
