"""The web UI in a real browser (headless Chromium): every view opens and passes an axe-core
accessibility check in the light and the dark theme; edits made in the page are seen over
REST, writes made over REST appear in the page live; a denial is found in Requests with the
denying line highlighted; a 100,000-document collection opens a page at a time; a user added
in the page can sign in (needs the Auth emulator)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import requests
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import ARTIFACTS, FIRESTORE_DENYING_LINE, OWNER, eventually

SCREENSHOTS = os.environ.get("HEARTH_UI_SCREENSHOTS")


def open_view(browser, server, route: str, ready: str):
    """Opens `route` (after the #) and waits for a heading `ready` to show."""
    browser.get(f"{server.ui}/#/{route}")
    eventually(lambda: any(h.text == ready for h in browser.find_elements(By.CSS_SELECTOR, "h1, h2")), f"the heading {ready!r}")


def check_accessibility(browser, view: str):
    """axe-core's WCAG 2 A and AA rules (labels, names, roles, contrast…) in both themes. The
    axe-core that axe-selenium-python bundles is 3.1, which knows the wcag2a/wcag2aa tags."""
    axe = Axe(browser)
    for scheme in ("light", "dark"):
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        axe.inject()
        results = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})"
            ".then((r) => done(r), (e) => done({error: String(e)}));")
        assert "error" not in results, f"axe-core failed on {view}: {results.get('error')}"
        violations = results["violations"]
        assert not violations, f"{view} ({scheme} theme): " + axe.report(violations)
        assert results["passes"], "axe-core checked nothing"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})


def screenshot(browser, view: str):
    """The README's picture of a view (when HEARTH_UI_SCREENSHOTS names a folder), and one in
    the artifacts folder every run."""
    for folder in filter(None, [SCREENSHOTS, str(ARTIFACTS / "views")]):
        Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(folder) / f"{view}.png"))


def button(browser, text: str, scope=None):
    scope = scope or browser
    return eventually(lambda: next((b for b in scope.find_elements(By.TAG_NAME, "button") if b.text == text and b.is_displayed()), None), f"the button {text!r}")


def click(find, what: str):
    """Clicks what `find` returns, finding it again when a live update re-rendered it in between
    (a view re-reads what is open on every change it is told of, so an element found a moment
    ago may have been replaced by an identical one)."""
    def attempt():
        find().click()
        return True
    eventually(attempt, what)


def labelled(browser, label: str):
    return eventually(lambda: browser.find_element(By.CSS_SELECTOR, f'[aria-label="{label}"]'), f"the control {label!r}")


def test_overview_shows_ports_env_and_rules(browser, server):
    open_view(browser, server, "overview", "Services")
    env = browser.find_element(By.CSS_SELECTOR, "pre.env").text
    assert f"export FIRESTORE_EMULATOR_HOST={server.process.firestore_host}" in env
    assert f"export FIREBASE_DATABASE_EMULATOR_HOST={server.process.database_host}" in env
    rules = browser.find_element(By.XPATH, "//caption[text()='Security rules']/..").text
    assert "firestore.rules" in rules and "database.rules.json" in rules and "in force" in rules
    screenshot(browser, "overview")
    check_accessibility(browser, "Overview")


def test_a_document_edited_in_the_page_is_seen_over_rest(browser, server):
    server.write("cities/SF", {"name": {"stringValue": "San Francisco"}, "population": {"integerValue": "800000"}})
    open_view(browser, server, "firestore/demo-hearth/(default)/cities/SF", "SF")
    eventually(lambda: "population" in browser.find_element(By.CSS_SELECTOR, "table.fields").text, "the fields of SF")
    screenshot(browser, "firestore")
    check_accessibility(browser, "Firestore")
    button(browser, "Edit fields").click()
    population = labelled(browser, "Value of SF.population")
    population.clear()
    population.send_keys("900000")
    button(browser, "Add field to SF").click()
    names = browser.find_elements(By.CSS_SELECTOR, ".fields-editor .field-name")
    names[-1].send_keys("capital")
    Select(browser.find_elements(By.CSS_SELECTOR, ".fields-editor select.type")[-1]).select_by_value("boolean")
    Select(labelled(browser, "Value of SF.new field")).select_by_value("true")
    button(browser, "Save").click()

    def saved():
        fields = server.read("cities/SF").json()["fields"]
        return fields["population"] == {"integerValue": "900000"} and fields.get("capital") == {"booleanValue": True} and fields
    fields = eventually(saved, "the edit over REST")
    assert fields["name"] == {"stringValue": "San Francisco"}


def test_every_value_type_survives_the_typed_editors(browser, server):
    root = "projects/demo-hearth/databases/(default)/documents"
    fields = {
        "s": {"stringValue": "héllo\nworld"}, "i": {"integerValue": "-9007199254740993"}, "d": {"doubleValue": 9.5},
        "b": {"booleanValue": True}, "n": {"nullValue": None}, "t": {"timestampValue": "2026-01-02T03:04:05.123456Z"},
        "g": {"geoPointValue": {"latitude": 37.77, "longitude": -122.42}}, "r": {"referenceValue": f"{root}/cities/SF"},
        "y": {"bytesValue": "aGVsbG8="},
        "m": {"mapValue": {"fields": {"inner": {"arrayValue": {"values": [{"integerValue": "1"}, {"mapValue": {"fields": {"deep": {"stringValue": "x"}}}}]}}}}},
        "a": {"arrayValue": {"values": [{"stringValue": "one"}, {"doubleValue": 2.5}, {"nullValue": None}]}},
        "v": VECTOR([0.25, -1.5, 3]),
    }
    before = server.write("types/all", fields)
    open_view(browser, server, "firestore/demo-hearth/(default)/types/all", "all")
    table = eventually(lambda: (lambda t: "vector<" in t and t)(browser.find_element(By.CSS_SELECTOR, "table.fields").text), "the vector's row")
    assert "vector<0.25, -1.5, 3>" in table
    button(browser, "Edit fields").click()
    text = labelled(browser, "Value of all.s")
    text.clear()
    text.send_keys("changed")
    button(browser, "Save").click()
    after = eventually(lambda: (lambda d: d["fields"]["s"] == {"stringValue": "changed"} and d)(server.read("types/all").json()), "the saved document")
    # Every other value went through its editor and came back exactly as it was.
    assert {k: v for k, v in after["fields"].items() if k != "s"} == {k: v for k, v in before["fields"].items() if k != "s"}


def VECTOR(numbers):
    """A vector as the SDKs write it: a map of __type__ "__vector__" and a value array."""
    return {"mapValue": {"fields": {"__type__": {"stringValue": "__vector__"}, "value": {"arrayValue": {"values": [{"doubleValue": n} for n in numbers]}}}}}


def test_a_vector_is_edited_as_numbers(browser, server):
    server.write("items/i1", {"embedding": VECTOR([1, 2])})
    open_view(browser, server, "firestore/demo-hearth/(default)/items/i1", "i1")
    button(browser, "Edit fields").click()
    numbers = labelled(browser, "Value of i1.embedding (numbers, comma-separated)")
    assert numbers.get_attribute("value") == "1, 2"
    numbers.clear()
    numbers.send_keys("0.5, -2, 3.25")
    button(browser, "Save").click()
    eventually(lambda: server.read("items/i1").json()["fields"]["embedding"] == VECTOR([0.5, -2, 3.25]), "the edited vector over REST")


def test_writes_over_rest_appear_live(browser, server):
    server.write("cities/LA", {"name": {"stringValue": "Los Angeles"}})
    open_view(browser, server, "firestore/demo-hearth/(default)/cities/LA", "LA")
    eventually(lambda: "Los Angeles" in browser.find_element(By.CSS_SELECTOR, "table.fields").text, "the document LA")
    # The open document follows its listen stream…
    server.write("cities/LA", {"name": {"stringValue": "City of Angels"}})
    eventually(lambda: "City of Angels" in browser.find_element(By.CSS_SELECTOR, "table.fields").text, "the live edit of LA")
    # …and the collection's first page follows its own.
    server.write("cities/AAA", {"name": {"stringValue": "Aaa"}})
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, 'ul.documents a[data-id="AAA"]'), "the new document AAA in the list")


def test_the_query_builder_runs_or_in_and_array_contains(browser, server):
    for id, state, tags in [("q1", "CA", ["coast"]), ("q2", "WA", []), ("q3", "NV", ["coast", "desert"]), ("q4", "NV", ["desert"])]:
        server.write(f"places/{id}", {"state": {"stringValue": state}, "tags": {"arrayValue": {"values": [{"stringValue": t} for t in tags]}}})
    open_view(browser, server, "firestore/demo-hearth/(default)/places", "places")
    button(browser, "Query").click()
    labelled(browser, "Filter 1 field").send_keys("state")
    Select(labelled(browser, "Filter 1 operator")).select_by_value("IN")
    labelled(browser, "Filter 1 value").send_keys('["CA", "WA"]')
    button(browser, "Add filter").click()
    labelled(browser, "Filter 2 field").send_keys("tags")
    Select(labelled(browser, "Filter 2 operator")).select_by_value("ARRAY_CONTAINS")
    labelled(browser, "Filter 2 value").send_keys('"desert"')
    Select(browser.find_element(By.XPATH, "//label[text()='Match']/following-sibling::select")).select_by_value("OR")
    button(browser, "Run query").click()

    def shown():
        ids = sorted(a.get_attribute("data-id") for a in browser.find_elements(By.CSS_SELECTOR, "ul.documents a[data-id]"))
        return ids == ["q1", "q2", "q3", "q4"] and ids
    eventually(shown, "the OR query's result")
    # The same with AND: WA has no tags, CA is not a desert.
    Select(browser.find_element(By.XPATH, "//label[text()='Match']/following-sibling::select")).select_by_value("AND")
    button(browser, "Run query").click()
    eventually(lambda: "No document matches the query." in browser.find_element(By.CSS_SELECTOR, "ul.documents").text, "the empty AND result")


def test_a_collection_is_deleted_recursively(browser, server):
    server.write("scratch/a", {"n": {"integerValue": "1"}})
    server.write("scratch/a/inner/b", {"n": {"integerValue": "2"}})
    open_view(browser, server, "firestore/demo-hearth/(default)/scratch", "scratch")
    button(browser, "Delete collection").click()
    browser.switch_to.alert.accept()
    eventually(lambda: server.read("scratch/a").status_code == 404 and server.read("scratch/a/inner/b").status_code == 404, "the recursive delete")


def test_a_100k_document_collection_opens_a_page_at_a_time(browser, server):
    database = "projects/demo-hearth/databases/(default)/documents"
    session = requests.Session()
    for start in range(0, 100_000, 500):
        writes = [{"update": {"name": f"{database}/big/d{index:06d}", "fields": {"n": {"integerValue": str(index)}}}} for index in range(start, start + 500)]
        answer = session.post(f"{server.documents}:commit", json={"writes": writes}, headers=OWNER, timeout=60)
        assert answer.status_code == 200, answer.text
    started = time.monotonic()
    open_view(browser, server, "firestore/demo-hearth/(default)/big", "big")
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, 'ul.documents a[data-id="d000099"]'), "the first page of big")
    opened = time.monotonic() - started
    # Server-side paging: one page in the page, never the collection.
    assert len(browser.find_elements(By.CSS_SELECTOR, "ul.documents a[data-id]")) == 100
    print(f"\nFIGURE 100k collection: first page shown {opened * 1000:.0f} ms after navigation")
    more = button(browser, "Load more documents")
    browser.execute_script("arguments[0].scrollIntoView()", more)
    eventually(lambda: len(browser.find_elements(By.CSS_SELECTOR, "ul.documents a[data-id]")) >= 200, "the second page")


def test_realtime_database_tree_edit_live_and_paging(browser, server):
    base = f"{server.database}/ui.json?ns={server.namespace}"
    assert requests.put(base, json={"a": {"b": 1}, "c": "x", "many": {f"k{i:03d}": i for i in range(250)}}, headers=OWNER, timeout=30).status_code == 200
    open_view(browser, server, f"database/{server.namespace}/ui", "Data at /ui")
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, 'li[data-path="ui/c"]'), "the key c")
    screenshot(browser, "database")
    check_accessibility(browser, "Realtime Database")
    # Shallow reads say only that c is there; expanding it reads its value.
    browser.find_element(By.CSS_SELECTOR, '[aria-label="Expand c"]').click()
    value = labelled(browser, "Value of ui/c (JSON)")
    value.clear()
    value.send_keys('"y"' + Keys.ENTER)
    eventually(lambda: requests.get(f"{server.database}/ui/c.json?ns={server.namespace}", headers=OWNER, timeout=10).json() == "y", "the edit over REST")
    # A write over REST appears live.
    requests.put(f"{server.database}/ui/d.json?ns={server.namespace}", json=5, headers=OWNER, timeout=10)
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, 'li[data-path="ui/d"]'), "the live key d")
    assert browser.find_elements(By.CSS_SELECTOR, '[aria-label="Value of ui/c (JSON)"]'), "an expanded node stays expanded after a live update"
    # A node with 250 children shows 100 of them (read with shallow) and offers the rest.
    # (Clicks that may race the live update's re-reading find their element again.)
    click(lambda: browser.find_element(By.CSS_SELECTOR, '[aria-label="Expand many"]'), "Expand many")
    eventually(lambda: len(browser.find_elements(By.CSS_SELECTOR, 'li[data-path^="ui/many/"]')) == 100, "the first 100 children")
    more = "Show 100 more of 250 children of /ui/many"
    click(lambda: next(b for b in browser.find_elements(By.TAG_NAME, "button") if b.text == more and b.is_displayed()), f"the button {more!r}")
    eventually(lambda: len(browser.find_elements(By.CSS_SELECTOR, 'li[data-path^="ui/many/"]')) == 200, "the next 100 children")
    # A live update keeps the pages shown, as it keeps nodes expanded.
    requests.put(f"{server.database}/ui/e.json?ns={server.namespace}", json=6, headers=OWNER, timeout=10)
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, 'li[data-path="ui/e"]'), "the live key e")
    assert len(browser.find_elements(By.CSS_SELECTOR, 'li[data-path^="ui/many/"]')) == 200, "the pages shown stay shown after a live update"
    # Import a subtree from JSON text.
    browser.find_element(By.XPATH, "//label[text()='Or JSON text']/following-sibling::textarea").send_keys('{"imported": true}')
    button(browser, "Import into /ui (replaces it)").click()
    browser.switch_to.alert.accept()
    eventually(lambda: requests.get(base, headers=OWNER, timeout=10).json() == {"imported": True}, "the import over REST")


def test_a_denial_is_in_requests_with_the_denying_line(browser, server):
    assert requests.get(f"{server.documents}/secrets/plans", timeout=10).status_code == 403
    assert requests.get(f"{server.database}/vault.json?ns={server.namespace}", timeout=10).status_code == 401
    open_view(browser, server, "requests", "Evaluations")
    row = eventually(lambda: next((r for r in browser.find_elements(By.CSS_SELECTOR, "table.requests tbody tr") if "secrets/plans" in r.text), None), "the denial in Requests")
    assert "denied" in row.text
    eventually(lambda: any("/vault" in r.text and "RTDB" in r.text for r in browser.find_elements(By.CSS_SELECTOR, "table.requests tbody tr")), "the RTDB denial")
    row.send_keys(Keys.ENTER)
    denied = eventually(lambda: browser.find_elements(By.CSS_SELECTOR, "ol.source li.line-deny"), "the highlighted line")
    assert [line.get_attribute("data-line") for line in denied] == [str(FIRESTORE_DENYING_LINE)]
    assert "allow read" in denied[0].text
    # A denial that happens while the page is open arrives live.
    assert requests.get(f"{server.documents}/secrets/live", timeout=10).status_code == 403
    eventually(lambda: any("secrets/live" in r.text for r in browser.find_elements(By.CSS_SELECTOR, "table.requests tbody tr")), "the live denial")
    Select(browser.find_element(By.XPATH, "//label[text()='Outcome']/following-sibling::select")).select_by_value("allow")
    eventually(lambda: not any("secrets/" in r.text for r in browser.find_elements(By.CSS_SELECTOR, "table.requests tbody tr")), "the outcome filter")
    Select(browser.find_element(By.XPATH, "//label[text()='Outcome']/following-sibling::select")).select_by_value("")
    row = eventually(lambda: next((r for r in browser.find_elements(By.CSS_SELECTOR, "table.requests tbody tr") if "secrets/plans" in r.text), None), "the denial again")
    row.click()
    screenshot(browser, "requests")
    check_accessibility(browser, "Requests")


def test_keyboard_reaches_every_view(browser, server):
    browser.get(f"{server.ui}/#/overview")
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, "nav a[aria-current='page']"), "the navigation")
    # A view puts the focus on its heading; the navigation is just before it.
    eventually(lambda: browser.switch_to.active_element.tag_name == "h1", "the focus on the view's heading")
    reached = []
    for _ in range(5):
        ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        reached.append(browser.switch_to.active_element.text)
    assert {"Overview", "Firestore", "Realtime Database", "Authentication", "Requests"} <= set(reached)
    assert reached[0] == "Requests"
    for _ in range(4):
        ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.text == "Requests"
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    eventually(lambda: browser.current_url.endswith("#/requests"), "the Requests view by keyboard")


def test_a_user_added_in_the_page_signs_in(browser, server):
    if server.auth is None:
        pytest.skip("this hearth has no Auth emulator (GET /emulators lists no auth); the test runs once it does")
    open_view(browser, server, "auth", "Authentication")
    button(browser, "Add user").click()
    browser.find_element(By.XPATH, "//label[text()='Email']/following-sibling::input").send_keys("ada@example.com")
    browser.find_element(By.XPATH, "//label[text()='Password']/following-sibling::input").send_keys("analytical")
    browser.find_element(By.XPATH, "//label[text()='Display name']/following-sibling::input").send_keys("Ada")
    button(browser, "Save").click()
    eventually(lambda: "ada@example.com" in browser.find_element(By.CSS_SELECTOR, "table.users").text, "the new user in the table")
    screenshot(browser, "auth")
    check_accessibility(browser, "Authentication")
    signed = requests.post(f"{server.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any",
                           json={"email": "ada@example.com", "password": "analytical", "returnSecureToken": True}, timeout=10)
    assert signed.status_code == 200, signed.text
    assert signed.json()["idToken"]
