"""Go boards: golden text and SVG (start, mid-game, final count), and what each must show."""

from __future__ import annotations

from pathlib import Path

import pytest
from kifu.go import render
from kifu.go.board import BLACK, WHITE
from kifu.go.board import Board as GoBoard
from kifu.go.rules import PRESETS
from kifu.go.scoring import count

from tests.golden import assert_golden
from tests.render.positions import KGS_GAME, GoPosition, go_game, kgs_count, sgf_point
from tests.render.svgcheck import SVG, find_all, parse, pixels, texts

GOLDEN = Path(__file__).with_name("golden") / "go"


def _svg(position: GoPosition, *, numbered: bool = False, size: int = 360) -> str:
    return render.svg(
        position.board,
        size=size,
        last_move=position.last_move,
        numbers=position.numbers if numbered else None,
        black_territory=position.black_territory,
        white_territory=position.white_territory,
        dead=position.dead,
    )


def _text(position: GoPosition) -> str:
    return render.text(
        position.board,
        last_move=position.last_move,
        black_territory=position.black_territory,
        white_territory=position.white_territory,
        dead=position.dead,
    )


def test_the_count_used_here_is_the_records_result() -> None:
    """The territory and dead stones drawn below give the game's own result, B+9.5, through kifu's count."""
    position = kgs_count()
    result = count(position.board, position.dead, PRESETS["chinese"], 7.5, 0)
    assert result.result == "B+9.5"
    assert (len(position.black_territory), len(position.white_territory)) == (
        result.black_territory,
        result.white_territory,
    )
    assert result.dead_white == len(position.dead) == 4


def test_golden_start() -> None:
    start = GoPosition(GoBoard(19))
    assert_golden(GOLDEN / "start-19.txt", _text(start))
    assert_golden(GOLDEN / "start-19.svg", _svg(start))


def test_golden_mid_game_with_numbers() -> None:
    mid = go_game(9, " ".join(KGS_GAME.split()[:30]))
    assert_golden(GOLDEN / "mid-9.txt", _text(mid))
    assert_golden(GOLDEN / "mid-9.svg", _svg(mid))
    assert_golden(GOLDEN / "mid-9-numbered.svg", _svg(mid, numbered=True))


def test_golden_final_count() -> None:
    final = kgs_count()
    assert_golden(GOLDEN / "count-9.txt", _text(final))
    assert_golden(GOLDEN / "count-9.svg", _svg(final))


def test_golden_rectangle() -> None:
    rectangle = go_game(7, "cc ec dd", height=5)
    assert_golden(GOLDEN / "rectangle-7x5.txt", _text(rectangle))
    assert_golden(GOLDEN / "rectangle-7x5.svg", _svg(rectangle))


def _stones(board: GoBoard) -> dict[str, int]:
    return {
        "black": sum(cell == BLACK for cell in board.cells),
        "white": sum(cell == WHITE for cell in board.cells),
    }


@pytest.mark.parametrize("moves", [0, 1, 17, 39])
def test_the_svg_has_a_circle_per_stone(moves: int) -> None:
    position = go_game(9, " ".join(KGS_GAME.split()[:moves]))
    root = parse(_svg(position))
    drawn = {colour: len(find_all(root, "circle", f"stone {colour}")) for colour in ("black", "white")}
    assert drawn == _stones(position.board)
    assert len(find_all(root, "circle", "last-move")) == (1 if moves else 0)


def test_the_count_view_marks_territory_and_dead_stones() -> None:
    position = kgs_count()
    root = parse(_svg(position))
    assert len(find_all(root, "rect", "territory black")) == len(position.black_territory) == 29
    assert len(find_all(root, "rect", "territory white")) == len(position.white_territory) == 17
    dead = find_all(root, "circle", "stone white dead")
    assert len(dead) == 4 and all(stone.get("opacity") == "0.4" for stone in dead)
    assert not find_all(root, "g", "dead-mark")  # they lie in Black's territory: its squares mark them
    # dead stones outside any territory are crossed
    crossed = parse(render.svg(position.board, dead=position.dead))
    assert len(find_all(crossed, "g", "dead-mark")) == 4
    assert "territory 29 black, 17 white; 4 dead stones" in (root.findtext(f"{SVG}title") or "")


def test_the_text_count_view() -> None:
    position = kgs_count()
    diagram = _text(position)
    rows = diagram.splitlines()[1:10]
    board = position.board
    for y, row in enumerate(rows):
        cells = row[2:]
        for x in range(9):
            point = board.point(x, y)
            expected = ".XO"[board.cells[point]]
            if point in position.dead:
                expected = "#" if board.cells[point] == BLACK else "@"
            elif point in position.black_territory:
                expected = "x"
            elif point in position.white_territory:
                expected = "o"
            assert cells[2 * x + 1] == expected, (x, y)
    assert diagram.count("@") == 4 + 1  # four dead white stones, and the legend
    assert "(X)" in rows[1]  # the last move, E8
    assert rows[1].startswith("8  x @ x @(X)x")


def test_move_numbers_replace_the_last_move_mark_and_sit_on_captured_points() -> None:
    position = go_game(9, "ba aa ab")  # 3 captures 2 in the corner
    root = parse(_svg(position, numbered=True))
    (numbers,) = find_all(root, "g", "numbers")
    assert [t.text for t in numbers.iter(f"{SVG}text")] == ["1", "2", "3"]
    assert not find_all(root, "circle", "last-move")
    (patch,) = numbers.findall(f"{SVG}rect")  # under the 2, where no stone stands any more
    (two,) = [t for t in numbers.iter(f"{SVG}text") if t.text == "2"]
    assert float(patch.get("x", "0")) < float(two.get("x", "0")) < float(patch.get("x", "0")) + 30
    assert len(find_all(root, "circle", "stone")) == 2


@pytest.mark.parametrize(
    ("width", "height", "stars"),
    [
        (5, 5, 0),
        (7, 7, 5),
        (9, 9, 5),
        (13, 13, 5),
        (19, 19, 9),
        (19, 13, 5),
        (18, 13, 4),
        (21, 21, 9),
        (8, 8, 4),
        (15, 17, 9),
    ],
)
def test_star_points(width: int, height: int, stars: int) -> None:
    assert len(render.star_points(width, height)) == stars
    root = parse(render.svg(GoBoard(width, height)))
    (group,) = find_all(root, "g", "stars")
    assert len(group) == stars
    assert render.text(GoBoard(width, height)).count("+") == stars


def test_star_points_of_19_are_the_4_4_points_sides_and_centre() -> None:
    assert render.star_points(19, 19) == {(x, y) for x in (3, 9, 15) for y in (3, 9, 15)}
    assert render.star_points(9, 9) == {(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)}


def test_coordinates_skip_i_and_use_sgf_letters_beyond_25() -> None:
    root = parse(render.svg(GoBoard(19)))
    labels = texts(root)
    assert "I" not in labels and "T" in labels and "19" in labels
    assert labels.count("A") == 2 and labels.count("1") == 2  # on both edges
    assert render.column_letters(25)[-1] == "Z"
    assert render.column_letters(26) == "abcdefghijklmnopqrstuvwxyz"
    big = render.text(GoBoard(52))
    assert big.splitlines()[0].split() == list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert big.splitlines()[1].startswith("52  . .") and big.splitlines()[52].startswith(" 1  . .")


@pytest.mark.parametrize(
    ("width", "height", "size", "pixels_"), [(19, 19, 360, (360, 360)), (52, 52, 900, (900, 900))]
)
def test_svg_size(width: int, height: int, size: int, pixels_: tuple[int, int]) -> None:
    assert pixels(parse(render.svg(GoBoard(width, height), size=size))) == pixels_


def test_a_rectangle_is_wider_than_high_and_has_every_line() -> None:
    board = GoBoard(30, 4)
    root = parse(render.svg(board, size=600, last_move=board.point(29, 3)))
    width, height = pixels(root)
    assert width == 600 and height < 150
    (grid,) = find_all(root, "g", "grid")
    assert len(grid) == 30 + 4
    assert len(find_all(root, "circle", "last-move")) == 1  # on an empty point: still drawn


def test_text_marks_the_last_move_at_the_edge() -> None:
    position = go_game(9, "ia")
    first = _text(position).splitlines()[1]
    assert first == "9  . . . . . . . .(X)9"
    assert sgf_point(position.board, "ia") == position.last_move
