exit 0
--- stderr
--- stdout
[Event "Casual game"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1. e4 e5 2. ♘f3 d6 3. d4 ♝g4 { This is a weak move already. } 4. dxe5 ♝xf3 5.
♕xf3 dxe5 6. ♗c4 ♞f6 7. ♕b3 ♛e7 8. ♘c3 c6 9. ♗g5 { Black is paralysed. } 9...
b5 $6 10. ♘xb5 cxb5 11. ♗xb5+ ♞bd7 12. O-O-O ♜d8 13. ♖xd7 ♜xd7 14. ♖d1 ♛e6 15.
♗xd7+ ♞xd7 16. ♕b8+ $1 ♞xb8 17. ♖d8# 1-0
