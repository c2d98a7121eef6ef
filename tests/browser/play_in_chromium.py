#!/usr/bin/env python3
"""The browser app of `ply serve`, driven in Debian's chromium by Selenium.

For each game (chess, checkers, Othello): play a whole game against the
computer by clicking the board until the game ends (the computer at full
strength for 50 ms a move, the test's side a random legal move), check the
end is announced with its reason, take a move back, start the analysis and
wait for a line to appear; then save the game as a record, load it back and
step through it; then annotate it (0.1 s a position): the progress bar
moves, every move gets its mark, the marks show in the move list and the
evaluation graph, a click on the graph and the keys go to moves, and the
saved record carries the notes. Each game leaves a screenshot in
target/browser/ (the analysed middle, and the annotated game). Then, once:
clocks (a chess game at 1+0, both clocks shown, the running one counting
down, the computer answering on its clock), the theme toggle and a phone
(375 px wide: one column, nothing wider than the screen), with screenshots.
Then the set-up editor in each game: a refused set-up shows the server's
reason, a position put down piece by piece is started from (setup-*.png);
and a record of two games lists both and loads the second one picked.

Then watch a match: a two-game `ply match chess ... -serve 0` (ply against
ply at a small node count) followed on /watch until the page shows both
games finished with the final score, a finished game replayed (watch.png);
/watch of `ply serve` alone says there is no match; and a two-game match
published to that `ply serve` (`ply match ... -publish URL`) is listed and
followed on its /watch; and a match posted event by event that ends 1-1 (an
Elo interval without finite bounds) shows both games and the interval.

Usage: play_in_chromium.py PLY_BINARY [--screenshots DIR] [--only watch|play|setup]

Skips (exit 0, with a message) when chromium, chromedriver or Selenium are
missing; .ci/run installs them (apt-get chromium chromium-driver, pip
selenium in target/browser-venv).
"""

import json
import os
import random
import shutil
import subprocess
import sys
import time

GAMES = ["chess", "checkers", "othello"]


def skip(reason):
    print(f"SKIPPED: the browser test needs {reason}")
    sys.exit(0)


def find(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    ply = sys.argv[1]
    shots = "target/browser"
    if "--screenshots" in sys.argv:
        shots = sys.argv[sys.argv.index("--screenshots") + 1]
    only = None
    if "--only" in sys.argv:
        only = sys.argv[sys.argv.index("--only") + 1]
    chromium = find("chromium", "chromium-browser")
    driver = find("chromedriver")
    if not chromium:
        skip("Debian's chromium (apt-get install chromium)")
    if not driver:
        skip("chromedriver (apt-get install chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.common.by import By
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip("Selenium (pip install selenium)")

    os.makedirs(shots, exist_ok=True)
    server = subprocess.Popen([ply, "--json", "serve", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    token_file = None
    try:
        started = json.loads(server.stdout.readline())
        url = started["url"]
        token_file = started.get("token_file")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=900,900",
                    "--disable-dev-shm-usage"]:
            options.add_argument(arg)
        browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
        try:
            if only in (None, "play"):
                for game in GAMES:
                    play_a_game(browser, By, url, game, shots)
                clocks_themes_and_a_phone(browser, By, url, shots)
            if only in (None, "play", "setup"):
                set_up_each_game(browser, By, url, shots)
                pick_a_game_of_a_record(browser, By, url)
                variations(browser, By, url, shots)
            if only in (None, "watch"):
                no_match(browser, url)
                watch_a_match(browser, By, ply, shots)
                publish_a_match(browser, By, ply, url)
                an_unbounded_interval(browser, By, url, token_file)
        finally:
            browser.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)
        if token_file and os.path.exists(token_file):
            os.remove(token_file)
    print("browser test: all games played to the end, analysed and annotated; clocks, themes,"
          " a phone; a match watched")


def no_match(browser, url):
    """`ply serve` alone: /watch says no match is being watched."""
    browser.get(f"{url}watch")
    state = lambda: browser.execute_script("return document.body.dataset.state || ''")
    wait(lambda: state() == "nomatch", "the no-match page", timeout=20)
    print("watch: ply serve alone shows no match")


def watch_a_match(browser, By, ply, shots):
    """A two-game `ply match -serve 0` followed on its page to the end."""
    engine = f"cmd={ply} uci"
    match = subprocess.Popen(
        [ply, "match", "chess", "-engine", engine, "name=alpha", "-engine", engine, "name=beta",
         "-each", "nodes=3000", "-games", "2", "-maxmoves", "40", "-serve", "0", "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for _ in range(20):
            line = match.stderr.readline()
            if line.startswith("watch the match at "):
                url = line.split()[-1]
                break
        assert url, "ply match -serve printed no address"
        browser.get(url)
        state = lambda: browser.execute_script("return document.body.dataset.state || ''")
        wait(lambda: state() in ("live", "over"), "the match page", timeout=30)
        wait(lambda: browser.execute_script("return !!document.querySelector('#board svg')")
             or state() == "over", "the live board", timeout=60)
        if state() == "live":
            browser.execute_script("window.scrollTo(0, 0)")
            browser.save_screenshot(os.path.join(shots, "watch-live.png"))
        wait(lambda: state() == "over", "the match to end", timeout=240)
        score = wait(lambda: "2 of 2 games" in browser.find_element(By.ID, "score").text
                     and browser.find_element(By.ID, "score").text, "the final score", timeout=20)
        elo = browser.find_element(By.ID, "elo").text
        assert elo.startswith("Elo difference"), elo
        finished = browser.find_elements(By.CSS_SELECTOR, "#finished button")
        assert len(finished) == 2, [b.text for b in finished]
        cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#cross td") if td.text not in ("", "—")]
        assert len(cells) == 2, cells
        # Replay the first game: its board at the end, then one move back.
        finished[-1].click()
        wait(lambda: browser.find_element(By.ID, "status").text.startswith("Game 1:"), "the replay")
        wait(lambda: browser.execute_script("return !!document.querySelector('#board svg')"), "the board")
        moves = browser.execute_script("return document.querySelectorAll('#history li').length")
        browser.find_element(By.ID, "nav-back").click()
        wait(lambda: f"Move {moves - 1} of {moves}" in browser.find_element(By.ID, "status").text,
             "one move back")
        time.sleep(0.5)
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(os.path.join(shots, "watch.png"))
        print(f"watch: {score}; {elo}; game 1 replayed ({moves} moves)")
    finally:
        match.terminate()
        match.wait(timeout=10)


def publish_a_match(browser, By, ply, url):
    """A two-game `ply match -publish` to the running `ply serve` (its token
    read from the file the server wrote), followed on that server's /watch,
    which lists it."""
    engine = f"cmd={ply} uci"
    match = subprocess.run(
        [ply, "match", "chess", "-engine", engine, "name=gamma", "-engine", engine, "name=delta",
         "-each", "nodes=2000", "-games", "2", "-maxmoves", "30", "-publish", url.rstrip("/"), "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=180)
    assert match.returncode == 0, match.stderr
    assert "watch the match at " in match.stderr, match.stderr
    page = [line for line in match.stderr.splitlines() if line.startswith("watch the match at ")][0].split()[-1]
    browser.get(page)
    state = lambda: browser.execute_script("return document.body.dataset.state || ''")
    wait(lambda: state() == "over", "the published match on the page", timeout=30)
    score = wait(lambda: "2 of 2 games" in browser.find_element(By.ID, "score").text
                 and browser.find_element(By.ID, "score").text, "the published match's score", timeout=20)
    listed = wait(lambda: [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#matches a")],
                  "the matches listed")
    assert any("gamma vs delta" in text for text in listed), listed
    print(f"publish: a match posted to ply serve and watched there: {score}; listed {listed}")


def an_unbounded_interval(browser, By, url, token_file):
    """A match published event by event (as `ply match -publish` posts
    them) that ends 1-1: its Elo interval reaches a score of 0 and 1, so
    its half width comes as null. The page shows both games, the cross
    table and the interval as unbounded."""
    import urllib.request
    with open(token_file) as f:
        token = f.read().strip()

    def post(path, body):
        request = urllib.request.Request(
            url.rstrip("/") + path, data=json.dumps(body).encode(), method="POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    started = post("/api/publish", {"game": "chess", "engines": ["north", "south"], "games": 2,
                                    "event": "unbounded", "sides": ["White", "Black"]})
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    events = []
    for number, engines in [(1, [0, 1]), (2, [1, 0])]:
        events.append({"type": "game", "game": {
            "number": number, "round": 1, "engines": engines, "opening": "start", "start": start,
            "moves": [], "position": start, "clocks": [None, None], "to_move": 0}})
        for ply, (move, to_move) in enumerate([("f3", 1), ("e5", 0), ("g4", 1), ("Qh4#", 0)]):
            events.append({"type": "move", "number": number, "played": {
                "notation": move, "position": mate if ply == 3 else start, "clocks": [None, None],
                "used_ms": 10, "to_move": to_move}})
        events.append({"type": "end", "number": number, "end": {
            "result": "0-1", "winner": 1, "reason": "Black wins by checkmate", "termination": "normal",
            "record": "1. f3 e5 2. g4 Qh4# 0-1"}})
    # Black won both games: each engine won one, lost one.
    events.append({"type": "score", "score": {
        "games": 2, "wins": 1, "draws": 0, "losses": 1, "score": 0.5, "elo": 0.0, "elo_error": None,
        "los": 0.5, "engines": []}})
    events.append({"type": "over", "interrupted": False})
    assert post(f"/api/publish/{started['id']}", {"events": events}) == {"accepted": len(events)}
    browser.get(url.rstrip("/") + started["watch"])
    state = lambda: browser.execute_script("return document.body.dataset.state || ''")
    wait(lambda: state() == "over", "the 1-1 match on the page", timeout=30)
    elo = wait(lambda: browser.find_element(By.ID, "elo").text, "the Elo line", timeout=20)
    assert elo.startswith("Elo difference: 0.0 ± ∞"), elo
    finished = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#finished button"), "the games")
    assert len(finished) == 2, [b.text for b in finished]
    cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#cross td") if td.text not in ("", "—")]
    assert sorted(cells) == ["0-0-1", "0-0-1"], cells
    print(f"unbounded: a 1-1 match shows {elo!r}, both games and the cross table")


def wait(condition, what, timeout=60):
    start = time.time()
    while time.time() - start < timeout:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def play_a_game(browser, By, url, game, shots):
    rng = random.Random(game)
    browser.get(f"{url}?game={game}")
    state = lambda: browser.execute_script("return document.body.dataset.state || ''")
    wait(lambda: state() == "yours", "the page")
    # The computer at full strength, 50 ms a move: a fast game.
    browser.execute_script(
        "document.getElementById('level').value = '10';"
        "document.getElementById('movetime').value = '50';")
    moves_played = 0
    if game == "chess":
        # The first move by drag and drop: e2 to e4.
        from selenium.webdriver.common.action_chains import ActionChains
        square = lambda name: browser.find_element(By.CSS_SELECTOR, f'#board svg rect.square[data-square="{name}"]')
        ActionChains(browser).click_and_hold(square("e2")).move_to_element(square("e4")).release().perform()
        wait(lambda: browser.execute_script("return plyApp.game.history.length") >= 1, "e4 dragged")
        assert browser.execute_script("return plyApp.game.history[0]") == "e4"
        moves_played = 1
    while True:
        current = wait(lambda: state() in ("yours", "over") and state(), "my turn", timeout=120)
        if current == "over":
            break
        before, moves = browser.execute_script(
            "return [plyApp.game.history.length, plyApp.game.moves]")
        if not moves:
            time.sleep(0.05)
            continue
        move = rng.choice(moves)
        if move["pass"]:
            box = browser.find_element(By.ID, "move-input")
            box.send_keys("pass\n")
        else:
            squares = move["path"] if move["from"] else [move["to"]]
            for square in squares:
                if browser.execute_script("return plyApp.game.history.length") != before:
                    break
                click(browser, By, square)
            if move["promotion"]:
                wait(lambda: browser.find_element(By.ID, "promotion").is_displayed(), "the promotion choice")
                browser.find_element(By.CSS_SELECTOR, f'#promotion button[data-promote="{move["promotion"]}"]').click()
        wait(lambda: browser.execute_script("return plyApp.game.history.length") > before,
             f"my move {move['notation']} to be played")
        moves_played += 1
        assert moves_played < 400, "the game does not end"
    status = browser.find_element(By.ID, "status").text
    assert status.startswith("Game over: "), status
    history = browser.execute_script("return plyApp.game.history")
    print(f"{game}: {len(history)} moves, {status}")

    # Take back three times, then analyse the position: a line appears.
    length = lambda: browser.execute_script("return plyApp.game.history.length")
    for _ in range(3):
        before = length()
        browser.find_element(By.ID, "undo").click()
        wait(lambda: state() == "yours" and length() < before, "the take-back")
    browser.find_element(By.ID, "analyse").click()
    first_line = "const li = document.querySelector('#lines li'); return li ? li.textContent : ''"
    line = wait(lambda: browser.execute_script(first_line).strip(), "an analysis line", timeout=30)
    print(f"{game}: analysis {line}")
    browser.find_element(By.ID, "analyse").click()
    load_a_record(browser, By, url, game, shots)


def load_a_record(browser, By, url, game, shots):
    """Saves the game as a record, loads it back and steps through it; then
    analyses its middle for the screenshot."""
    import urllib.request
    game_id, moves = browser.execute_script(
        "return [plyApp.game.id, plyApp.game.history.length + plyApp.game.future.length]")
    with urllib.request.urlopen(f"{url}api/games/{game_id}/record") as response:
        record = response.read().decode()
    browser.find_element(By.CSS_SELECTOR, "#records summary").click()
    browser.execute_script("document.getElementById('record-text').value = arguments[0]", record)
    browser.find_element(By.ID, "load-record").click()
    count = lambda what: browser.execute_script(f"return plyApp.game.{what}.length")
    # The whole game the move list shows (the moves taken back are still
    # ahead in it until another move replaces them), loaded at its start.
    wait(lambda: count("history") == 0 and count("future") == moves
         and browser.execute_script("return plyApp.game.id") != game_id, "the record to load")
    browser.find_element(By.ID, "nav-forward").click()
    wait(lambda: count("history") == 1, "one step forward")
    browser.find_element(By.ID, "nav-end").click()
    wait(lambda: count("history") == moves and count("future") == 0, "the end of the record")
    browser.find_element(By.ID, "nav-back").click()
    wait(lambda: count("history") == moves - 1, "one step back")
    print(f"{game}: record of {moves} moves loaded and stepped through")

    # The middle of the game, analysed, for the picture.
    browser.execute_script("document.getElementById('records').open = false; window.scrollTo(0, 0)")
    browser.find_element(By.ID, "nav-start").click()
    wait(lambda: count("history") == 0, "the start of the record")
    for target in range(1, moves // 2 + 1):
        browser.find_element(By.ID, "nav-forward").click()
        wait(lambda: count("history") == target, "a step forward")
    browser.find_element(By.ID, "analyse").click()
    first_line = "const li = document.querySelector('#lines li'); return li ? li.textContent : ''"
    wait(lambda: browser.execute_script(first_line).strip(), "an analysis line", timeout=30)
    time.sleep(1.5)
    browser.execute_script("window.scrollTo(0, 0)")
    browser.save_screenshot(os.path.join(shots, f"{game}.png"))
    browser.find_element(By.ID, "analyse").click()
    annotate_the_game(browser, By, url, game, shots)


def annotate_the_game(browser, By, url, game, shots):
    """Annotates the loaded record at 0.1 s a position and checks the
    progress, the marks, the graph, the keys and the record's notes."""
    import urllib.request
    js = browser.execute_script
    total = js("return plyApp.game.history.length + plyApp.game.future.length")
    js("document.getElementById('annotate-time').value = '100'")
    browser.find_element(By.ID, "annotate").click()
    wait(lambda: js("return document.body.dataset.annotate") == "running", "the annotation to start")
    progress = wait(lambda: js("return document.getElementById('annotate-progress').value"),
                    "the progress bar to move", timeout=30)
    assert browser.find_element(By.ID, "annotate-bar").is_displayed()
    assert browser.find_element(By.ID, "graph").is_displayed(), "the graph fills as the annotation runs"
    wait(lambda: js("return document.body.dataset.annotate") == "done", "the annotation to end", timeout=120)
    marks = js("return plyApp.annotation.marks")
    assert len(marks) == total, (len(marks), total)
    symbols = js("return [...document.querySelectorAll('#history .mark')].map(e => e.textContent)")
    marked = [m["symbol"] for m in marks if m["symbol"]]
    assert symbols == marked, (symbols, marked)
    points = js("return document.querySelectorAll('#graph svg circle').length")
    assert points == total + 1, (points, total)
    summary = browser.find_element(By.ID, "annotate-summary").text
    print(f"{game}: annotated {total} moves (progress seen at {progress}): {' '.join(marked) or 'no marks'}; {summary}")
    # A click on the graph goes to that move; the keys step and jump.
    count = lambda: js("return plyApp.game.history.length")
    target = min(3, total)
    hit = browser.find_element(By.CSS_SELECTOR, f'#graph rect.hit[data-ply="{target}"]')
    js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", hit)
    wait(lambda: count() == target, "the graph's click to go to the move")
    from selenium.webdriver.common.keys import Keys
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    wait(lambda: count() == target - 1, "← to go back a move")
    body.send_keys(Keys.END)
    wait(lambda: count() == total, "End to go to the end")
    body.send_keys(Keys.HOME)
    wait(lambda: count() == 0, "Home to go to the start")
    flipped = js("return plyApp.flipped")
    body.send_keys("f")
    wait(lambda: js("return plyApp.flipped") != flipped, "f to flip the board")
    body.send_keys("f")
    # A click on a move of the list goes there.
    middle = max(1, total // 2)
    js("arguments[0].click()", browser.find_element(By.CSS_SELECTOR, f'#history li[data-ply="{middle}"]'))
    wait(lambda: count() == middle, "a click on a move")
    # The record written is the whole game whatever move is shown (as lichess
    # saves it): read at the middle move, every annotated move is in it (the
    # marks fall where the 0.1 s searches put them, in either half), and the
    # board stays where it was.
    game_id = js("return plyApp.game.id")
    with urllib.request.urlopen(f"{url}api/games/{game_id}/record") as response:
        record = response.read().decode()
    body.send_keys(Keys.ARROW_RIGHT)
    wait(lambda: count() == middle + 1, "→ after the record was written")
    body.send_keys(Keys.END)
    wait(lambda: count() == total, "End to go to the end")
    with urllib.request.urlopen(f"{url}api/games/{game_id}/record") as response:
        at_end = response.read().decode()
    assert at_end == record, f"the same record at the end as at the middle:\n{record}\n{at_end}"
    note = "[%eval" if game == "chess" else "eval "
    assert note in record, record
    if marked:
        assert any(word in record for word in ("Inaccuracy", "Mistake", "Blunder")), record
    js("window.scrollTo(0, 0)")
    time.sleep(0.3)
    browser.save_screenshot(os.path.join(shots, f"{game}-annotated.png"))


def clocks_themes_and_a_phone(browser, By, url, shots):
    """A chess game at 1+0: both clocks shown, the computer answers on its
    clock; the theme toggle; a phone-sized window."""
    js = browser.execute_script
    browser.get(f"{url}?game=chess")
    wait(lambda: js("return document.body.dataset.state || ''") == "yours", "the page")
    js("document.getElementById('clock').value = '60+0'; document.getElementById('you').value = 'first'")
    browser.find_element(By.ID, "new").click()
    wait(lambda: js("return plyApp.game && plyApp.game.clock && plyApp.game.history.length === 0"),
         "a game with clocks")
    assert browser.find_element(By.ID, "clocks").is_displayed()
    first = browser.find_element(By.ID, "clock-first")
    shown = first.text
    wait(lambda: first.text != shown, "White's clock to run", timeout=5)
    assert "running" in first.get_attribute("class")
    click(browser, By, "e2")
    click(browser, By, "e4")
    wait(lambda: js("return plyApp.game.history.length") == 2, "the computer's answer on its clock", timeout=30)
    clock = js("return plyApp.game.clock")
    # The person's move took some time; the computer's may come from its
    # book at once.
    assert clock["first_ms"] < 60000 and clock["second_ms"] <= 60000, clock
    print(f"clocks: after 1. e4 and the answer, White {clock['first_ms']} ms, Black {clock['second_ms']} ms")

    # The theme toggle: auto, light, dark; the page's colours follow.
    theme = browser.find_element(By.ID, "theme")
    background = lambda: js("return getComputedStyle(document.body).backgroundColor")
    for _ in range(3):
        if theme.text == "Theme: light":
            break
        theme.click()
    light = background()
    theme.click()
    wait(lambda: theme.text == "Theme: dark", "the dark theme")
    assert js("return document.documentElement.dataset.theme") == "dark"
    dark = background()
    assert light != dark, (light, dark)

    # A phone: 375 px wide, one column, nothing wider than the screen.
    browser.set_window_size(375, 812)
    time.sleep(0.5)
    width = js("return window.innerWidth")
    scroll = js("return document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"
    board = js("return document.getElementById('board').getBoundingClientRect().width")
    assert board >= width * 0.8, f"the board is {board} px on a {width} px screen"
    browser.save_screenshot(os.path.join(shots, "phone-dark.png"))
    theme.click()  # auto
    theme.click()  # light
    time.sleep(0.3)
    browser.save_screenshot(os.path.join(shots, "phone.png"))
    print(f"phone: {width} px wide, board {board:.0f} px, no sideways scrolling; themes light {light}, dark {dark}")
    browser.set_window_size(900, 900)


# Set-ups put down with the editor: (square, symbol) in order, the castling
# rights to tick, and the position the game then starts from.
SET_UPS = {
    "chess": ([("e1", "K"), ("e8", "k"), ("a1", "R"), ("d7", "p")], "Q",
              "4k3/3p4/8/8/8/8/8/R3K3 w Q - 3 12"),
    "checkers": ([("5", "b"), ("9", "B"), ("28", "w"), ("32", "W")], "", "B:W28,K32:B5,K9"),
    "othello": ([("d4", "O"), ("e5", "O"), ("d5", "X"), ("e4", "X"), ("c3", "X")], "",
                "------------------X--------OX------XO--------------------------- X"),
}


def set_up_each_game(browser, By, url, shots):
    """The set-up editor: Clear, pieces put down by clicks, a refused set-up
    with its reason, Start position, and a game started from the set-up."""
    for game, (pieces, castling, expected) in SET_UPS.items():
        browser.get(f"{url}?game={game}")
        wait(lambda: browser.execute_script("return document.body.dataset.state || ''") == "yours", "the page")
        browser.execute_script("document.getElementById('setup').open = true")
        browser.find_element(By.ID, "edit").click()
        wait(lambda: browser.find_element(By.ID, "editor").is_displayed()
             and browser.execute_script("return plyApp.editing !== null"), "the editor")
        on_board = lambda: browser.execute_script(
            "return [...document.querySelectorAll('#board svg g.piece')].map(g => g.getAttribute('data-square')).sort().join(' ')")
        wait(lambda: on_board(), "the start position in the editor")
        # The editor's board turns round (the button, then the f key) and back.
        corner = lambda: browser.execute_script(
            "const r = document.querySelector('#board svg rect.square[data-square]'); return r ? r.getAttribute('data-square') : ''")
        unturned = corner()
        browser.find_element(By.ID, "flip").click()
        wait(lambda: corner() not in ("", unturned), "the set-up board flipped")
        browser.find_element(By.TAG_NAME, "body").send_keys("f")
        wait(lambda: corner() == unturned, "f to turn the set-up board back")
        browser.find_element(By.ID, "edit-clear").click()
        wait(lambda: on_board() == "", "an empty board")
        placed = []
        for square, symbol in pieces:
            browser.find_element(By.CSS_SELECTOR, f'#palette button[data-symbol="{symbol}"]').click()
            click(browser, By, square)
            placed.append(square)
            wait(lambda: on_board() == " ".join(sorted(placed)), f"{symbol} on {square}")
            if len(placed) == 1 and game == "chess":
                # A king alone is no position: the server's reason shows.
                browser.find_element(By.ID, "edit-go").click()
                wait(lambda: browser.find_element(By.ID, "message").text.strip(), "the reason of a refused set-up")
                assert browser.execute_script("return plyApp.editing !== null")
        # The eraser takes a piece off, and it goes back.
        browser.find_element(By.CSS_SELECTOR, '#palette button[data-symbol=""]').click()
        click(browser, By, placed[-1])
        wait(lambda: on_board() == " ".join(sorted(placed[:-1])), "the eraser")
        browser.find_element(By.CSS_SELECTOR, f'#palette button[data-symbol="{pieces[-1][1]}"]').click()
        click(browser, By, placed[-1])
        wait(lambda: on_board() == " ".join(sorted(placed)), "the piece back")
        for right in castling:
            browser.find_element(By.CSS_SELECTOR, f'#edit-castling input[data-right="{right}"]').click()
        if game == "chess":
            # The move number and the half-move clock.
            assert browser.find_element(By.ID, "edit-counters").is_displayed()
            browser.execute_script("document.getElementById('edit-fullmove').value = '12';"
                                   "document.getElementById('edit-halfmove').value = '3'")
        else:
            assert not browser.find_element(By.ID, "edit-counters").is_displayed()
        browser.save_screenshot(os.path.join(shots, f"setup-{game}.png"))
        old_id = browser.execute_script("return plyApp.game.id")
        browser.find_element(By.ID, "edit-go").click()
        wait(lambda: browser.execute_script("return plyApp.editing === null && plyApp.game.id") not in (None, False, old_id),
             "the game from the set-up")
        position = browser.execute_script("return plyApp.game.position")
        if expected:
            assert position == expected, position
        wait(lambda: on_board() == " ".join(sorted(placed)), "the set-up on the game's board")
        if game == "chess":
            start = browser.execute_script("return plyApp.game.start")
            assert start.endswith(" 3 12"), start
        print(f"{game}: set up {position}")
    # Start position in the editor puts the start back.
    browser.find_element(By.ID, "edit").click()
    wait(lambda: browser.execute_script("return plyApp.editing !== null"), "the editor again")
    browser.find_element(By.ID, "edit-start-position").click()
    wait(lambda: browser.execute_script(
        "return document.querySelectorAll('#board svg g.piece').length") == 4, "the start position")
    browser.find_element(By.ID, "edit-cancel").click()


def pick_a_game_of_a_record(browser, By, url):
    """A record of two games: both are listed, the second is loaded."""
    record = ('[Event "one"]\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n\n'
              '[Event "two"]\n[White "Cid"]\n[Black "Dee"]\n[Result "0-1"]\n\n1. d4 d5 2. c4 0-1\n')
    browser.get(f"{url}?game=chess")
    wait(lambda: browser.execute_script("return document.body.dataset.state || ''") == "yours", "the page")
    old_id = browser.execute_script("return plyApp.game.id")
    browser.find_element(By.CSS_SELECTOR, "#records summary").click()
    browser.execute_script("document.getElementById('record-text').value = arguments[0]", record)
    browser.find_element(By.ID, "load-record").click()
    items = lambda: browser.find_elements(By.CSS_SELECTOR, "#record-games-list button")
    wait(lambda: len(items()) == 2, "the record's two games listed")
    assert "Cid" in items()[1].text and "d4 d5 c4" in items()[1].text, items()[1].text
    items()[1].click()
    wait(lambda: browser.execute_script("return plyApp.game.id") != old_id, "the second game loaded")
    future = browser.execute_script("return plyApp.game.future")
    assert future == ["d4", "d5", "c4"], future
    print("record of two games: the second picked and loaded")


def variations(browser, By, url, shots):
    """Studying (both sides to the person): a move from an earlier position
    starts a variation, shown in the move list; a click on the main line's
    move goes back to it, ↓ to the variation; Make main line promotes it,
    Delete from here deletes it; the record writes it in parentheses, and
    loaded back it is there again."""
    import urllib.request
    from selenium.webdriver.common.keys import Keys
    js = browser.execute_script
    browser.get(f"{url}?game=chess")
    wait(lambda: js("return document.body.dataset.state || ''") == "yours", "the page")
    js("document.getElementById('you').value = 'both'")
    # The page's own game has no moves either: wait for the new one's id, or
    # a click on e2 may select a piece that the new game's board then drops.
    old_id = js("return plyApp.game.id")
    browser.find_element(By.ID, "new").click()
    wait(lambda: js("return plyApp.game.id") != old_id and js("return plyApp.game.history.length === 0"),
         "a new game")
    history = lambda: js("return plyApp.game.history.join(' ')")
    for a, b, line in [("e2", "e4", "e4"), ("e7", "e5", "e4 e5"), ("g1", "f3", "e4 e5 Nf3")]:
        click(browser, By, a)
        click(browser, By, b)
        wait(lambda: history() == line, line)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    wait(lambda: history() == "e4 e5", "a move back")
    body.send_keys(Keys.ARROW_LEFT)
    wait(lambda: history() == "e4", "two moves back")
    click(browser, By, "c7")
    click(browser, By, "c5")
    wait(lambda: history() == "e4 c5", "the variation 1... c5")
    block = lambda: js("const v = document.querySelector('#history li.variation'); return v ? v.textContent : ''")
    wait(lambda: "c5" in block(), "the variation in the move list")
    assert js("return plyApp.game.tree.map(i => i.move).join(' ')") == "e4 e5 Nf3"
    # The main line's 1... e5, clicked, is gone to; its continuation ahead.
    e5 = browser.find_element(By.XPATH, "//ol[@id='history']/li[@data-line]/span[@class='move' and text()='e5']/..")
    e5.click()
    wait(lambda: history() == "e4 e5", "a click on the main line's move")
    assert js("return plyApp.game.future.join(' ')") == "Nf3"
    body.send_keys(Keys.ARROW_DOWN)
    wait(lambda: history() == "e4 c5", "↓ to the variation")
    game_id = js("return plyApp.game.id")
    with urllib.request.urlopen(f"{url}api/games/{game_id}/record") as response:
        record = response.read().decode()
    assert "1. e4 c5 (1... e5 2. Nf3)" in record, record
    browser.find_element(By.ID, "line-promote").click()
    wait(lambda: js("return plyApp.game.tree[1].move") == "c5", "the variation made the main line")
    js("window.scrollTo(0, 0)")
    browser.save_screenshot(os.path.join(shots, "variations.png"))
    browser.find_element(By.ID, "line-delete").click()
    wait(lambda: history() == "e4" and js("return plyApp.game.tree[1].variations.length") == 0,
         "the variation deleted")
    wait(lambda: block() == "", "no variation in the move list")
    # The record with its variation, loaded back: the variation is listed.
    old_id = js("return plyApp.game.id")
    browser.find_element(By.CSS_SELECTOR, "#records summary").click()
    js("document.getElementById('record-text').value = arguments[0]", record)
    browser.find_element(By.ID, "load-record").click()
    wait(lambda: js("return plyApp.game.id") != old_id, "the record to load")
    wait(lambda: "e5" in block(), "the record's variation in the move list")
    print(f"variations: started, shown, gone to by click and ↓, promoted, deleted; record {record.split(chr(10))[-2]}")


def click(browser, By, square):
    # Found and clicked in one script: a board redrawn meanwhile leaves no
    # stale element behind. A piece drawn over the square takes the click as
    # well: both carry the square's name.
    found = browser.execute_script(
        "const r = document.querySelector(`#board svg rect.square[data-square=\"${arguments[0]}\"]`);"
        "if (r) r.dispatchEvent(new MouseEvent('click', {bubbles: true})); return !!r;", square)
    assert found, f"no square {square} on the board"


if __name__ == "__main__":
    main()
