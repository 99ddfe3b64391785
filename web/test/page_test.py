#!/usr/bin/env python3
"""The page in headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium): a game of chess against Roque to its end, a full turn
of Marseillais chess, a drop in reinforced chess, Elven Chess's 10x10
board, a FEN set and refused, PGN out and back in, and the page's error
messages. Screenshots go to the folder given (default web/test/screenshots,
git-ignored).

    python3 web/test/page_test.py [SCREENSHOT_DIR]

It serves web/ itself (web/serve.py's handler, cross-origin isolated) on a
free port of 127.0.0.1; `make web` must have built web/pkg/roque.wasm.
"""

import functools
import http.server
import os
import sys
import threading
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

WEB = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, WEB)
from serve import IsolatedHandler  # noqa: E402

SHOTS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(WEB, "test", "screenshots")
TIMEOUT = 60


class QuietHandler(IsolatedHandler):
    def log_message(self, *args):
        pass


def serve():
    handler = functools.partial(QuietHandler, directory=WEB)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = Options()
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(path):
            options.binary_location = path
            break
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,950"):
        options.add_argument(arg)
    driver_path = next((p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(p)), None)
    service = Service(driver_path) if driver_path else Service()
    return webdriver.Chrome(service=service, options=options)


class Page:
    def __init__(self, driver, url):
        self.d = driver
        self.d.get(url)
        self.wait(lambda: self.d.execute_script("return document.body.dataset.ready") == "true", "the page to start")

    def wait(self, condition, what, timeout=TIMEOUT):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if condition():
                    return
            except Exception:
                pass
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; status: {self.status()!r}, message: {self.message()!r}")

    def text(self, id_):
        return self.d.find_element(By.ID, id_).text

    def status(self):
        return self.text("status")

    def message(self):
        return self.text("message")

    def moves(self):
        return [s.get_attribute("data-move") for s in self.d.find_elements(By.CSS_SELECTOR, "#moves span")]

    def sans(self):
        return [s.text.strip(" ,…") for s in self.d.find_elements(By.CSS_SELECTOR, "#moves span")]

    def click(self, square):
        # The board is drawn anew after every answer of the engine: a square
        # found just before a redraw is gone by the click, so find it again.
        for attempt in range(20):
            try:
                self.d.find_element(By.CSS_SELECTOR, f'#board [data-square="{square}"]').click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        raise AssertionError(f"the square {square} kept being redrawn")

    def idle(self):
        return "thinking" not in self.status()

    def choose(self, id_, value):
        Select(self.d.find_element(By.ID, id_)).select_by_value(value)

    def new_game(self, variant, engine_side):
        self.choose("engine-side", engine_side)
        select = Select(self.d.find_element(By.ID, "variant"))
        if select.first_selected_option.get_attribute("value") == variant:
            self.d.find_element(By.ID, "new-game").click()
        else:
            select.select_by_value(variant)
        self.wait(lambda: not self.moves() and self.idle() and "to move" in self.status(), f"a new {variant} game")

    def set_fen(self, fen, applied=True):
        """Sets a FEN; with `applied`, waits until the board shows it."""
        self.d.execute_script("document.getElementById('position-box').open = true")
        box = self.d.find_element(By.ID, "fen")
        box.clear()
        box.send_keys(fen)
        self.d.find_element(By.ID, "set-fen").click()
        if applied:
            placement = fen.split()[0]
            shown = lambda: self.d.execute_script("return game.state.fen").split()[0]
            self.wait(lambda: shown() == placement and not self.moves(), f"the board to show {fen}")

    def typed(self, move):
        box = self.d.find_element(By.ID, "move-input")
        box.clear()
        box.send_keys(move)
        self.d.find_element(By.ID, "move-submit").click()

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        self.d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def chess_against_roque(page):
    page.choose("movetime", "300")
    page.new_game("chess", "b")
    # A move by clicks, Roque's answer, then taking both back.
    page.click("e2")
    assert "selected" in page.d.find_element(By.CSS_SELECTOR, '[data-square="e2"]').get_attribute("class")
    page.click("e4")
    page.wait(lambda: len(page.moves()) == 2 and page.idle(), "Roque's answer to e4")
    assert page.moves()[0] == "e2e4" and page.sans()[0] == "e4", page.sans()
    assert page.text("score") != "–", "the evaluation is shown while Roque thinks"
    page.shot("chess-after-e4")
    page.d.find_element(By.ID, "takeback").click()
    page.wait(lambda: not page.moves() and page.idle(), "the takeback")
    # A game to its end: Roque (Black) has one legal move, then mate.
    page.set_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1")
    page.wait(lambda: "White to move" in page.status(), "the position set")
    page.click("c6")
    page.click("b6")
    page.wait(lambda: len(page.moves()) == 2 and page.idle(), "Roque's only move")
    assert page.moves() == ["c6b6", "a8b8"], page.moves()
    page.typed("Rh8")
    page.wait(lambda: "Game over" in page.status(), "the mate")
    assert "checkmate" in page.status(), page.status()
    assert page.sans()[-1] == "Rh8#", page.sans()
    page.shot("chess-mate")
    page.click("b6")
    assert "over" in page.message(), page.message()


def chess960_castling(page):
    # In Chess960 the king castles by taking its own rook.
    page.new_game("chess960", "none")
    page.set_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
    page.wait(lambda: "White to move" in page.status() and not page.moves(), "the position set")
    page.click("e1")
    page.click("h1")
    page.wait(lambda: page.moves() == ["e1h1"], "castling")
    assert page.sans() == ["O-O"], page.sans()
    assert page.d.find_element(By.CSS_SELECTOR, '#board [data-square="g1"]').get_attribute("data-piece") == "K"
    assert page.d.find_element(By.CSS_SELECTOR, '#board [data-square="f1"]').get_attribute("data-piece") == "R"


def errors_are_shown(page):
    page.new_game("chess", "none")
    page.click("e2")
    page.click("e5")
    assert "e2e5 is not a legal move" in page.message(), page.message()
    page.click("e5")
    assert "No man to move on e5" in page.message(), page.message()
    page.typed("Qh5")
    assert '"Qh5" is not a legal move here' in page.message(), page.message()
    page.set_fen("8/8/8/8/8/8/8/8 w - - 0 1", applied=False)
    page.wait(lambda: "Roque refused this" in page.message(), "the bad FEN's error")
    assert "kings" in page.message(), page.message()
    page.shot("error-bad-fen")
    page.wait(lambda: "White to move" in page.status(), "the previous game to stay")
    page.d.execute_script("document.getElementById('pgn').value = '[Event \"x\"]\\n\\n1. e4 e5 2. Ke3 *'")
    page.d.find_element(By.ID, "import-pgn").click()
    page.wait(lambda: "Bad PGN" in page.message(), "the bad PGN's error")
    assert '"Ke3"' in page.message(), page.message()
    page.choose("variant", "mined")
    page.wait(lambda: "Roque plays one side" in page.message(), "mined chess's message for two players")


def mined_against_roque(page):
    # Roque (Black) lays its mines from seed 7: f3 and d4, which the page
    # keeps from the player; the player lays c6 and f6.
    page.d.get(page.d.current_url.split("?")[0] + "?mines-seed=7")
    page.wait(lambda: page.d.execute_script("return document.body.dataset.ready") == "true", "the page to start")
    page.choose("movetime", "300")
    page.choose("engine-side", "b")
    page.choose("variant", "mined")
    page.wait(lambda: "Lay your two secret mines" in page.status(), "the laying")
    page.click("c6")
    page.click("f6")
    page.wait(lambda: "White to move" in page.status(), "the game to start")
    mined = [b.get_attribute("data-square") for b in page.d.find_elements(By.CSS_SELECTOR, "#board .square.mined")]
    assert sorted(mined) == ["c6", "f6"], mined
    assert "f3" not in page.d.find_element(By.ID, "fen").get_attribute("value"), "Roque's mines stay secret"
    page.click("g1")
    page.click("f3")
    page.wait(lambda: "Boom" in page.message(), "the knight to blow up on f3")
    assert page.d.find_element(By.CSS_SELECTOR, '#board [data-square="f3"]').get_attribute("data-piece") is None
    page.shot("mined-explosion")
    # Roque lays its mine anew, in secret, then moves.
    page.wait(lambda: len(page.moves()) >= 3 and page.idle(), "Roque's laying and move")
    assert page.moves()[:2] == ["g1f3", "M@??"], page.moves()
    assert page.sans()[0] == "Nf3*", page.sans()
    page.d.find_element(By.ID, "takeback").click()
    assert "No takebacks" in page.message(), page.message()


def marseillais_turn(page):
    page.choose("movetime", "300")
    page.new_game("marseillais", "b")
    assert "move 1 of 2" in page.status(), page.status()
    page.click("e2")
    page.click("e4")
    page.wait(lambda: "move 2 of 2" in page.status(), "the second move of White's turn")
    page.shot("marseillais-second-move")
    page.typed("d4")
    page.wait(lambda: len(page.moves()) == 4 and page.idle(), "Black's two moves")
    assert page.moves()[:2] == ["e2e4", "d2d4"], page.moves()
    page.d.find_element(By.ID, "export-pgn").click()
    pgn = page.d.find_element(By.ID, "pgn").get_attribute("value")
    assert '[Variant "marseillais"]' in pgn and "1. e4,d4 " in pgn, pgn
    played = page.moves()
    # Back in: the same moves, as the referee replays them.
    page.new_game("chess", "none")
    page.d.execute_script("document.getElementById('pgn').value = arguments[0]", pgn)
    page.d.find_element(By.ID, "import-pgn").click()
    page.wait(lambda: "PGN read" in page.message(), "the PGN to be read back")
    assert page.moves() == played, (page.moves(), played)
    assert Select(page.d.find_element(By.ID, "variant")).first_selected_option.get_attribute("value") == "marseillais"


def progressive_turns(page):
    # Turns of 1, 2, 3 moves: White's one, Roque's two; then, from a FEN
    # where nothing can go wrong, White's three and Roque's four.
    page.choose("movetime", "300")
    page.new_game("progressive", "b")
    assert "White to move" in page.status(), page.status()
    page.typed("e4")
    page.wait(lambda: len(page.moves()) == 3 and page.idle(), "Roque's turn of two moves")
    assert "move 1 of 3" in page.status(), page.status()
    page.set_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 2")
    page.wait(lambda: "move 1 of 3" in page.status() and not page.moves(), "a turn of three from the FEN")
    for k, push in enumerate(["a2a3", "b2b3", "c2c3"], start=1):
        assert f"move {k} of 3" in page.status(), page.status()
        page.typed(push)
        # Roque's turn may follow the third push at once: look for the push
        # at its place in the list, not at the list's end.
        page.wait(lambda: page.moves()[k - 1 : k] == [push], f"the push {push}")
    page.shot("progressive-turn-of-three")
    page.wait(lambda: len(page.moves()) == 7 and page.idle(), "Roque's turn of four moves")
    assert "move 1 of 5" in page.status(), page.status()


def camps_and_turning_turns(page):
    # Two opposed camps: Roque, the second player, plays its whole turn and
    # the move comes back to the first player. Turning chess: the same, the
    # players owning the moves rather than the colours.
    page.choose("movetime", "300")
    for variant in ("camps", "turning"):
        page.new_game(variant, "b")
        assert "(the first player)" in page.status(), page.status()
        page.typed(page.d.execute_script("return game.state.legal[0]"))
        page.wait(lambda: page.idle() and len(page.moves()) >= 2, f"Roque's turn in {variant}")
        page.wait(lambda: "(the first player)" in page.status(), f"the first player's turn again in {variant}")
        assert all(ply for ply in page.sans()), page.sans()


def reinforced_drop(page):
    page.new_game("reinforced", "none")
    page.set_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2")
    page.wait(lambda: "White to move" in page.status(), "the position set")
    page.click("e4")
    page.click("d5")
    page.wait(lambda: "place P" in page.status(), "the pawn to place")
    page.d.find_element(By.CSS_SELECTOR, '#reserve-bottom button[data-hand="P"]').click()
    page.shot("reinforced-drop-chosen")
    page.click("e2")
    page.wait(lambda: "Black to move" in page.status(), "Black's turn after the drop")
    assert page.moves() == ["e4d5", "P@e2"], page.moves()
    assert page.sans() == ["exd5", "P@e2"], page.sans()


def elven_board(page):
    page.new_game("elven", "none")
    squares = page.d.find_elements(By.CSS_SELECTOR, "#board .square")
    assert len(squares) == 100, len(squares)
    page.typed("e5")
    page.wait(lambda: page.moves() == ["e3e5"], "an Elven pawn's double step")
    page.click("f9")  # Black's warlock
    targets = page.d.find_elements(By.CSS_SELECTOR, "#board .square.target")
    assert len(targets) >= 5, len(targets)
    page.shot("elven-warlock-selected")
    page.d.find_element(By.ID, "flip").click()
    assert page.d.find_elements(By.CSS_SELECTOR, "#board .square")[0].get_attribute("data-square") == "j1"


def roque_moves_after_a_new_game_and_a_position(page):
    # Roque to move at the start of a game (New game, a FEN) moves at once.
    page.choose("movetime", "300")
    page.new_game("chess", "none")
    page.choose("engine-side", "w")
    page.wait(lambda: len(page.moves()) == 1 and page.idle(), "Roque's first move as White")
    epoch = page.d.execute_script("return game.epoch")
    page.d.find_element(By.ID, "new-game").click()
    started = lambda: page.d.execute_script("return game.epoch") > epoch
    page.wait(lambda: started() and len(page.moves()) == 1 and page.idle(), "Roque's first move of the new game")
    # Roque now plays Black, whose move it is: it answers (the FEN box is
    # written anew with each move, so the FEN is typed after that).
    page.choose("engine-side", "b")
    page.wait(lambda: len(page.moves()) == 2 and page.idle(), "Roque's answer as Black")
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    page.set_fen(fen, applied=False)
    set_ = lambda: page.d.execute_script("return game.start") == fen
    page.wait(lambda: set_() and len(page.moves()) == 1 and page.idle(), "Roque's move from the FEN")
    page.choose("engine-side", "none")


def a_refused_fen_keeps_the_game(page):
    page.new_game("chess", "none")
    for k, move in enumerate(["e4", "e5", "Nf3"], start=1):
        page.typed(move)
        page.wait(lambda: len(page.moves()) == k, f"the move {move}")
    page.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", applied=False)
    page.wait(lambda: "Roque refused this" in page.message(), "the bad FEN's error")
    page.wait(lambda: "Black to move" in page.status(), "the game to go on")
    # The page's own game, not only its drawing, still holds the moves.
    assert page.d.execute_script("return game.moves") == ["e2e4", "e7e5", "g1f3"]
    assert page.moves() == ["e2e4", "e7e5", "g1f3"], page.moves()
    # In Chess960 a refused FEN keeps the start it had (no new deal).
    page.new_game("chess960", "none")
    start = page.d.execute_script("return game.start")
    page.set_fen("8/8/8/8/8/8/8/8 w - - 0 1", applied=False)
    page.wait(lambda: "Roque refused this" in page.message(), "the bad FEN's error in Chess960")
    page.wait(lambda: "White to move" in page.status(), "the Chess960 game to go on")
    assert page.d.execute_script("return game.start") == start


def a_check_that_draws_is_no_mate(page):
    # The third Qf8+ repeats the position: a draw, written Qf8+, not Qf8#.
    page.new_game("chess", "none")
    page.set_fen("7k/8/8/2Q5/8/8/8/K7 w - - 0 1")
    line = ["Qf8+", "Kh7", "Qf5+", "Kh8", "Qf8+", "Kh7", "Qf5+", "Kh8", "Qf8+"]
    for k, move in enumerate(line, start=1):
        page.typed(move)
        page.wait(lambda: len(page.moves()) == k, f"the move {move}")
    page.wait(lambda: "repetition" in page.status(), "the draw")
    assert page.sans()[-1] == "Qf8+", page.sans()


def a_double_click_plays_one_move(page):
    page.new_game("chess", "none")
    page.click("e2")
    target = page.d.find_element(By.CSS_SELECTOR, '#board [data-square="e4"]')
    ActionChains(page.d).double_click(target).perform()
    page.wait(lambda: page.moves() == ["e2e4"] and "Black to move" in page.status(), "e2e4")
    time.sleep(0.5)
    assert "refused" not in page.message(), page.message()
    assert page.moves() == ["e2e4"], page.moves()


def the_promotion_chooser_goes_with_its_position(page):
    page.new_game("chess", "none")
    page.set_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    page.click("b7")
    page.click("b8")
    chooser = page.d.find_element(By.ID, "promotion")
    assert chooser.is_displayed()
    page.d.find_element(By.ID, "new-game").click()
    page.wait(lambda: not chooser.is_displayed(), "the chooser to close with the new game")


def mines_are_laid_once(page):
    # Clicks while Roque lays its own mines change nothing.
    page.d.get(page.d.current_url.split("?")[0] + "?mines-seed=7")
    page.wait(lambda: page.d.execute_script("return document.body.dataset.ready") == "true", "the page to start")
    page.choose("engine-side", "b")
    page.choose("variant", "mined")
    page.wait(lambda: "Lay your two secret mines" in page.status(), "the laying")
    page.d.execute_script("onSquare('c6'); onSquare('f6'); onSquare('a6'); onSquare('c6')")
    page.wait(lambda: "White to move" in page.status(), "the game to start")
    mined = [b.get_attribute("data-square") for b in page.d.find_elements(By.CSS_SELECTOR, "#board .square.mined")]
    assert sorted(mined) == ["c6", "f6"], mined
    assert "refused" not in page.message() and "could not" not in page.message(), page.message()


def a_failed_engine_is_said_and_nothing_hangs(page):
    # The engine's worker reports a trap in the middle of Roque's search.
    page.d.get(page.d.current_url.split("?")[0])
    page.wait(lambda: page.d.execute_script("return document.body.dataset.ready") == "true", "the page to start")
    page.choose("movetime", "3000")
    page.choose("engine-side", "w")
    page.wait(lambda: not page.idle(), "Roque to think")
    page.d.execute_script("engine.receive({type: 'error', message: 'a trap the test made'})")
    page.wait(lambda: "Roque has stopped" in page.status(), "the failure on the status line")
    page.click("e7")
    assert "a trap the test made" in page.message() and "reload" in page.message(), page.message()
    page.d.find_element(By.ID, "new-game").click()
    page.wait(lambda: "Roque has stopped" in page.message(), "New game to answer")
    time.sleep(0.3)
    assert page.status() == "Roque has stopped.", page.status()


def main():
    server = serve()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    driver = browser()
    failures = 0
    passed = 0
    try:
        page = Page(driver, url)
        tests = (
            chess_against_roque,
            chess960_castling,
            errors_are_shown,
            roque_moves_after_a_new_game_and_a_position,
            a_refused_fen_keeps_the_game,
            a_check_that_draws_is_no_mate,
            a_double_click_plays_one_move,
            the_promotion_chooser_goes_with_its_position,
            marseillais_turn,
            progressive_turns,
            camps_and_turning_turns,
            reinforced_drop,
            elven_board,
            mined_against_roque,
            mines_are_laid_once,
            # Last: the page's engine is taken for failed.
            a_failed_engine_is_said_and_nothing_hangs,
        )
        for test in tests:
            try:
                test(page)
                print(f"ok: {test.__name__}")
                passed += 1
            except Exception:
                failures += 1
                print(f"FAILED: {test.__name__}")
                traceback.print_exc()
                page.shot(f"failed-{test.__name__}")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        if errors:
            failures += 1
            print(f"FAILED: the browser logged errors: {errors}")
    finally:
        driver.quit()
        server.shutdown()
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
