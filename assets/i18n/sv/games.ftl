variant-name = { $variant ->
    [reversed-faces] omvända sidor
    [ace-finale] essfinal
    [pass-right] åt höger
    [one-finale] kort final
    [threes-travel] resande treor
    [jackpot] jackpott
    [wild] joker
    [grace] nåd
    [king-stops] kungen stoppar
    [stayner] stayner
    [double-burn] dubbelbränn
    [pass-alternate] växelvis
    [buy-throw] köpt kast
   *[other] { $variant }
    }
