exit 0
--- stderr
--- stdout
[Event "Annotated fixture"]
[Site "kifu fixtures"]
[Date "2024.05.01"]
[Round "1"]
[White "White, A."]
[Black "Black, B."]
[Result "0-1"]
[Annotator "kifu"]

{ A short game with every kind of annotation: comments before and after moves,
NAGs and move suffixes, nested variations, a rest-of-line comment and an
escape line. } 1. f3 $2 { Weakens the king. } 1... e5 ( 1... d5 2. g4 ( 2. e4
dxe4 ) 2... e5 ) 2. g4 $4 { the losing move } 2... ♛h4# { Fool's mate. } 0-1

[Event "Set-up position"]
[Site "kifu fixtures"]
[Date "2024.05.01"]
[Round "2"]
[White "White, A."]
[Black "Black, B."]
[Result "1-0"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]

1. ♖a8# 1-0

[Event "Black to move from a position"]
[Site "kifu fixtures"]
[Date "2024.05.01"]
[Round "3"]
[White "White, A."]
[Black "Black, B."]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "7k/8/8/8/8/8/8/K6R b - - 10 40"]

40... ♚g7 41. ♖h2 ♚g8 42. ♖h1 ♚g7 43. ♖h2 ♚g8 44. ♖h1 ♚g7 1/2-1/2
