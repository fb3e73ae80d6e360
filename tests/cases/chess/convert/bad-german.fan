exit 0
--- stderr
--- stdout
[Event "CHESS108: German piece letters"]
[Site "kifu fixtures"]
[Date "2024.06.01"]
[Round "CHESS108"]
[White "White, A."]
[Black "Black, B."]
[Result "*"]

1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O ♛d6 *
