"""The playground (`GET /`) in a real browser: headless Chromium against a real convertd.

Run by `make test-browser` (Tests/Browser/run.sh), which installs Chromium, chromium-driver and
Selenium when they are missing."""

import base64
import json
import os
import urllib.error
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BOOK = os.path.join(ROOT, "examples", "book.json")

# book.json with five mistakes, spread over the payload: what the screenshots show.
with open(BOOK, encoding="utf-8") as _book:
    BROKEN_BOOK = (_book.read()
                   .replace('"pages": "412"', '"pages": "four hundred"')
                   .replace('"rating": "4.5"', '"rating": 7')
                   .replace('"Wed Sep 16 12:20:09 +0800 2015"', '"someday"')
                   .replace('"homepage": ""', '"homepage": "not a url"')
                   .replace('"first_name": "Frank", ', ''))


def wait(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout).until(lambda d: condition(), message)


def open_playground(driver, server, model="Book"):
    """Loads the page and waits for its models; picks `model` and waits for its JSON Schema and
    its example payload in the editor."""
    driver.get(server.url + "/")
    picker = driver.find_element(By.ID, "model")
    wait(driver, lambda: picker.is_enabled() and len(picker.find_elements(By.TAG_NAME, "option")) > 0, message="models not loaded")
    Select(picker).select_by_value(model)
    wait(driver, lambda: picker.get_attribute("data-loaded") == model, message=f"{model} not loaded")
    assert f'"title": "{model}"' in text_of(driver, "json-schema")
    assert example_of(driver) == model


def example_of(driver):
    """The model whose example payload was last put in the editor."""
    return driver.find_element(By.ID, "payload").get_attribute("data-example-of")


def payload_text(driver):
    return driver.find_element(By.ID, "payload").get_attribute("value")


def fetch_json(url):
    """GET `url` from the server directly: (status, parsed body)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def detached(element):
    """Whether `element` has left the page (the page replaced it)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True


def text_of(driver, element_id):
    """An element's text whether or not its tab is showing."""
    return driver.execute_script("return document.getElementById(arguments[0]).textContent", element_id)


def set_payload(driver, text):
    """Puts `text` in the editor as a paste does (one input event)."""
    driver.execute_script(
        "const area = document.getElementById('payload'); area.value = arguments[0];"
        "area.dispatchEvent(new Event('input', {bubbles: true}));", text)


def drop_file(driver, name, text):
    """Drops a file on the editor, as a file dragged from the desktop arrives."""
    driver.execute_script(
        "const transfer = new DataTransfer();"
        "transfer.items.add(new File([arguments[1]], arguments[0], {type: 'application/x-ndjson'}));"
        "const area = document.getElementById('payload');"
        "for (const type of ['dragenter', 'dragover', 'drop'])"
        "  area.dispatchEvent(new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: transfer}));",
        name, text)


def convert(driver, mode="lax"):
    """Presses Convert and waits for the answer; returns the status line."""
    driver.find_element(By.CSS_SELECTOR, f'input[name="mode"][value="{mode}"]').click()
    button = driver.find_element(By.ID, "convert")
    button.click()
    # The button is disabled from the click until the answer is shown.
    wait(driver, lambda: button.is_enabled() and not status(driver).startswith("Converting"), message="no answer")
    return status(driver)


def status(driver):
    return driver.find_element(By.ID, "status").text


def errors(driver):
    """The listed errors as (code, path)."""
    return [(item.get_attribute("data-code"), item.get_attribute("data-path"))
            for item in driver.find_elements(By.CSS_SELECTOR, "#errors > li")]


def marks(driver):
    """The payload's characters under each highlight, with the highlight's classes."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#backdrop mark'), m => [m.textContent, m.className])")


def selected_tab(driver):
    return driver.find_element(By.CSS_SELECTOR, '[role="tab"][aria-selected="true"]').get_attribute("id")


def severe_console_messages(driver):
    """Script errors and blocked resources; not the 4xx answers the page asks for (422, 400…)."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "Failed to load resource: the server responded with a status of 4" not in entry["message"]]


@pytest.fixture(autouse=True)
def clean_console(browser):
    """Every test ends with nothing in the console: no script error, no blocked resource (CSP)."""
    browser.get_log("browser")
    yield
    assert severe_console_messages(browser) == []


def test_page_lists_the_models_and_shows_a_json_schema(browser, server):
    open_playground(browser, server, "Book")
    names = [option.get_attribute("value") for option in browser.find_elements(By.CSS_SELECTOR, "#model option")]
    assert {"Book", "Author", "GithubUser", "WeiboStatus"} <= set(names)
    assert browser.find_element(By.ID, "model-summary").text == "25 properties · extends Item · books.yaml"
    browser.find_element(By.ID, "tab-schema").click()
    schema_text = browser.find_element(By.ID, "json-schema").text
    schema = json.loads(schema_text)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$defs"]["Author"]["required"] == ["firstName"]
    # Numbers as convertd wrote them: int64's bounds keep their digits.
    assert '"maximum": 9223372036854775807' in schema_text
    # The tabs follow the keyboard: arrows move between them.
    browser.find_element(By.ID, "tab-schema").send_keys(Keys.ARROW_LEFT)
    assert selected_tab(browser) == "tab-coercions"
    browser.switch_to.active_element.send_keys(Keys.HOME)
    assert selected_tab(browser) == "tab-output"
    assert not browser.find_element(By.ID, "panel-output").get_attribute("hidden")


def test_picking_a_model_shows_its_example_payload_which_converts(browser, server):
    open_playground(browser, server, "Author")
    code, served = fetch_json(server.url + "/schemas/Author/example")
    assert code == 200
    # The editor holds the served example, indented.
    assert json.loads(payload_text(browser)) == served
    assert payload_text(browser).startswith('{\n  "first_name": ')
    assert "The example payload of Author" in browser.find_element(By.ID, "payload-note").text
    for mode in ("lax", "strict"):
        assert convert(browser, mode=mode).startswith("200 · converted to Author")
        assert errors(browser) == []
        assert selected_tab(browser) == "tab-output"
        output = json.loads(browser.find_element(By.ID, "output").text)
        assert output["firstName"] == served["first_name"] and output["born"] == "2024-05-17"

    # Another model: the untouched example gives way to that model's.
    Select(browser.find_element(By.ID, "model")).select_by_value("GithubUser")
    wait(browser, lambda: example_of(browser) == "GithubUser", message="GithubUser's example not loaded")
    assert json.loads(payload_text(browser))["login"] == "login"
    assert convert(browser).startswith("200 · converted to GithubUser")

    # A payload of the user's own stays when another model is picked.
    set_payload(browser, '{"id": 7, "name": "Mine"}')
    Select(browser.find_element(By.ID, "model")).select_by_value("Book")
    wait(browser, lambda: browser.find_element(By.ID, "model").get_attribute("data-loaded") == "Book", message="Book not loaded")
    assert payload_text(browser) == '{"id": 7, "name": "Mine"}'
    assert example_of(browser) == "GithubUser"
    # The Example button loads the example on demand: Book's comes with its discriminator's first tag.
    browser.find_element(By.ID, "example").click()
    wait(browser, lambda: example_of(browser) == "Book", message="the Example button loaded nothing")
    assert status(browser) == "Loaded the example payload of Book."
    book = json.loads(payload_text(browser))
    assert book == fetch_json(server.url + "/schemas/Book/example")[1]
    assert book["kind"] == "ebook"
    assert convert(browser).startswith("200 · converted to Book")
    assert errors(browser) == []
    assert json.loads(browser.find_element(By.ID, "output").text)["format"] == "epub"


def test_links_to_the_models_json_schema(browser, server):
    open_playground(browser, server, "Review")
    link = browser.find_element(By.ID, "schema-link")
    assert link.is_displayed() and link.text == "JSON Schema ↗"
    assert link.get_attribute("href") == server.url + "/schemas/Review"
    assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")
    code, answer = fetch_json(link.get_attribute("href"))
    assert code == 200 and answer["jsonSchema"]["title"] == "Review" and answer["model"]["name"] == "Review"
    # It follows the model picked.
    Select(browser.find_element(By.ID, "model")).select_by_value("Author")
    wait(browser, lambda: link.get_attribute("href") == server.url + "/schemas/Author", message="the link did not follow the model")
    # It opens in a tab of its own, and the playground stays.
    link.click()
    wait(browser, lambda: len(browser.window_handles) == 2, message="no new tab")
    playground = browser.current_window_handle
    browser.switch_to.window([handle for handle in browser.window_handles if handle != playground][0])
    wait(browser, lambda: browser.current_url == server.url + "/schemas/Author", message="the tab is elsewhere")
    assert '"jsonSchema"' in browser.find_element(By.TAG_NAME, "body").text
    browser.close()
    browser.switch_to.window(playground)


def test_the_js_profile_writes_a_uint64_id_as_a_string(browser, server):
    open_playground(browser, server, "GithubUser")
    picker = browser.find_element(By.ID, "profile")
    wait(browser, lambda: "js" in [option.get_attribute("value") for option in picker.find_elements(By.TAG_NAME, "option")],
         message="the profiles not loaded")
    # The model's own output first, then each profile `GET /profiles` lists.
    _, listed = fetch_json(server.url + "/profiles")
    assert [option.get_attribute("value") for option in picker.find_elements(By.TAG_NAME, "option")] == \
        [""] + [profile["name"] for profile in listed["profiles"]]
    assert Select(picker).first_selected_option.get_attribute("value") == ""
    example = json.loads(payload_text(browser))
    example["id"] = 18446744073709551615
    set_payload(browser, json.dumps(example))
    assert convert(browser).startswith("200 · converted to GithubUser")
    assert '"id": 18446744073709551615,' in browser.find_element(By.ID, "output").text
    Select(picker).select_by_value("js")
    assert convert(browser).startswith("200 · converted to GithubUser")
    assert '"id": "18446744073709551615",' in browser.find_element(By.ID, "output").text
    Select(picker).select_by_value("")
    assert convert(browser).startswith("200 · converted to GithubUser")
    assert '"id": 18446744073709551615,' in browser.find_element(By.ID, "output").text


def test_shows_the_models_versions_and_drift_and_converts_with_a_pinned_version(browser, server):
    open_playground(browser, server, "Author")
    # Versions: the version select and the table list what GET /schemas/Author/versions lists.
    code, listed = fetch_json(server.url + "/schemas/Author/versions")
    assert code == 200
    picker = browser.find_element(By.ID, "version")
    wait(browser, lambda: len(picker.find_elements(By.TAG_NAME, "option")) == 1 + len(listed["versions"]), message="versions not listed")
    latest = listed["versions"][-1]["version"]
    browser.find_element(By.ID, "tab-contract").click()
    rows = browser.find_elements(By.CSS_SELECTOR, "#versions tbody tr")
    assert rows[0].find_elements(By.TAG_NAME, "td")[0].text == f"v{latest}"
    assert rows[0].find_elements(By.TAG_NAME, "td")[3].text == listed["versions"][-1]["digest"]
    assert "Compatibility: NONE" in text_of(browser, "versions-note")
    # Converting with a pinned version asks /convert/Author@N.
    Select(picker).select_by_value(str(latest))
    wait(browser, lambda: f"/schemas/Author@{latest}" in browser.find_element(By.ID, "schema-link").get_attribute("href"),
         message="the schema link does not follow the version")
    assert convert(browser).startswith("200 · converted to Author")
    # Drift: the five lists of the report, refreshed on demand (converting showed the output tab).
    # The report shown since the model was picked is replaced by the refreshed one: wait until
    # its lists are gone, then read the headings in one script (a list found and then read could
    # be replaced in between).
    browser.find_element(By.ID, "tab-contract").click()
    shown = browser.find_elements(By.CSS_SELECTOR, "#drift .drift-list")
    browser.find_element(By.ID, "refresh-contract").click()
    wait(browser, lambda: all(detached(element) for element in shown)
         and len(browser.find_elements(By.CSS_SELECTOR, "#drift .drift-list")) == 5, message="no refreshed drift report")
    assert "sampled" in text_of(browser, "drift-note")
    headings = browser.execute_script("return [...document.querySelectorAll('#drift h3')].map((h) => h.textContent)")
    assert headings == ["Unknown keys", "Coercions", "Recoveries", "Errors", "Values outside an enum"]


def test_converts_the_book_example_from_a_file(browser, server):
    open_playground(browser, server, "Book")
    browser.find_element(By.ID, "file").send_keys(BOOK)
    with open(BOOK, encoding="utf-8") as book:
        expected_payload = book.read()
    wait(browser, lambda: browser.find_element(By.ID, "payload").get_attribute("value") == expected_payload,
         message="book.json not loaded into the editor")
    assert convert(browser).startswith("200 · converted to Book · 9 coercions")
    assert selected_tab(browser) == "tab-output"
    output_text = browser.find_element(By.ID, "output").text
    # Numbers as convertd wrote them: 19.90 keeps its digits (JSON.parse would make it 19.9).
    assert '"price": 19.90,' in output_text
    output = json.loads(output_text)
    assert output["id"] == 42
    assert output["title"] == "Dune"
    assert output["published"] == "2015-09-16T04:20:09Z"
    assert output["tags"] == ["classic", "sci-fi"]
    assert output["author"] == {"firstName": "Frank", "lastName": "Herbert", "born": "1920-10-08"}
    assert output["homepage"] is None
    assert "internalNote" not in output

    browser.find_element(By.ID, "tab-coercions").click()
    coercions = [(item.get_attribute("data-path"), item.get_attribute("data-rule"))
                 for item in browser.find_elements(By.CSS_SELECTOR, "#coercions > li")]
    assert ("/id", "string_to_int") in coercions and ("/state", "values_mapping") in coercions
    assert len(coercions) == 9
    # Every key nothing read, whatever the policy: the excluded internal_note and pen_name.
    unknown = browser.find_element(By.ID, "unknown").text
    assert unknown.startswith("/internal_note") and "\n/author/pen_name" in unknown
    # Each unknown key is marked in the payload, key and value.
    assert marks(browser) == [['"internal_note": "signed copy"', "note"], ['"pen_name": "none"', "note"]]


def test_lists_every_error_and_marks_it_in_the_payload(browser, server):
    open_playground(browser, server, "Book")
    payload = browser.find_element(By.ID, "payload")
    payload.clear()
    payload.send_keys('{"id": "x", "name": "", "pages": -1, "author": {}}')
    assert convert(browser).startswith("422 · 4 errors")
    assert selected_tab(browser) == "tab-errors"
    assert errors(browser) == [("invalid_number", "/id"), ("too_short", "/title"),
                               ("out_of_range", "/pages"), ("missing", "/author/firstName")]
    first = browser.find_element(By.CSS_SELECTOR, "#errors > li").text
    assert "invalid_number" in first and "not an integer" in first
    assert "from /name" in browser.find_elements(By.CSS_SELECTOR, "#errors > li")[1].text
    # Each error marks its source in the payload; a missing key marks the object it belongs in.
    assert marks(browser) == [['"x"', "error"], ['""', "error"], ["-1", "error"], ['"author"', "error approximate"]]
    assert "No output" in browser.find_element(By.ID, "output").get_attribute("textContent")

    # Choosing an error selects its place in the payload.
    browser.find_elements(By.CSS_SELECTOR, "#errors .finding-button")[2].click()
    selected = browser.execute_script(
        "const a = document.getElementById('payload'); return a.value.slice(a.selectionStart, a.selectionEnd)")
    assert selected == "-1"
    assert browser.switch_to.active_element.get_attribute("id") == "payload"

    # The marks follow their pointers when the payload is edited above them.
    set_payload(browser, '{"extra": 1,\n "id": "x", "name": "", "pages": -1, "author": {}}')
    wait(browser, lambda: marks(browser)[0] == ['"x"', "error"] and
         browser.execute_script("return document.querySelector('#backdrop mark').previousSibling.textContent")
         .endswith('"id": '), message="marks did not follow the edit")


def test_shows_a_failed_rule_at_its_path_with_its_expression(browser, server):
    open_playground(browser, server, "Order")
    set_payload(browser, '{"id": 8, "valid_from": "2026-03-01",\n "valid_until": "2026-02-01", "phone": "1"}')
    assert convert(browser).startswith("422 · 1 error")
    assert errors(browser) == [("range_reversed", "/validUntil")]
    item = browser.find_element(By.CSS_SELECTOR, "#errors > li").text
    assert "validUntil must not be before validFrom" in item
    assert "rule self.validFrom <= self.validUntil" in item
    assert "from /valid_until" in item
    # The rule's path points at the property, whose input is marked in the payload.
    assert marks(browser) == [['"2026-02-01"', "error"]]


def test_points_at_a_syntax_error(browser, server):
    open_playground(browser, server, "Book")
    # The server counts bytes; the page counts characters: "Dünë" is 4 characters and 6 bytes.
    set_payload(browser, '{"name": "Dünë",\n "id": }')
    assert convert(browser).startswith("400 · 1 error")
    assert errors(browser) == [("bad_json", "")]
    assert "line 2, column 8" in browser.find_element(By.CSS_SELECTOR, "#errors > li").text
    assert marks(browser) == [["}", "error"]]


def test_strict_mode_refuses_what_lax_mode_coerces(browser, server):
    open_playground(browser, server, "Book")
    set_payload(browser, '{"id": "42", "name": "Dune"}')
    assert convert(browser, mode="strict").startswith("422 · 1 error")
    assert errors(browser) == [("type_mismatch", "/id")]
    assert convert(browser, mode="lax").startswith("200 · converted to Book · 1 coercion")
    assert json.loads(browser.find_element(By.ID, "output").text)["id"] == 42


def test_converts_a_dropped_ndjson_file_line_by_line(browser, server):
    open_playground(browser, server, "Book")
    lines = '{"id": 1, "name": "Dune"}\n\n{"id": "x", "name": "Emma"}\n'
    drop_file(browser, "books.ndjson", lines)
    wait(browser, lambda: browser.find_element(By.ID, "payload").get_attribute("value") == lines, message="the file was not dropped")
    assert status(browser) == "Loaded books.ndjson (55 bytes)."
    note = browser.find_element(By.ID, "payload-note")
    wait(browser, lambda: note.text == "NDJSON: 2 lines.", message=f"the payload is not seen as NDJSON: {note.text!r}")
    assert convert(browser).startswith("200 · 2 lines, 1 failed · 1 error")
    assert errors(browser) == [("invalid_number", "/id")]
    assert "line 3" in browser.find_element(By.CSS_SELECTOR, "#errors > li").text
    assert marks(browser) == [['"x"', "error"]]
    assert '"title": "Dune"' in text_of(browser, "output")


def test_infers_a_schema_from_the_payload(browser, server):
    open_playground(browser, server, "Book")
    with open(BOOK, encoding="utf-8") as book:
        set_payload(browser, book.read())
    name = browser.find_element(By.ID, "infer-name")
    name.clear()
    name.send_keys("Shelf")
    browser.find_element(By.ID, "infer").click()
    wait(browser, lambda: status(browser).startswith(("Inferred", "4", "5")), message="no answer from /infer")
    assert status(browser) == "Inferred a schema for Shelf from the payload."
    assert selected_tab(browser) == "tab-inferred"
    schema = browser.find_element(By.ID, "inferred").text
    assert schema.startswith("Shelf:") or "\nShelf:" in schema
    assert "properties:" in schema


def test_the_marks_scroll_with_the_payload(browser, server):
    """The marks sit behind the editor's text: scrolled to its far corner, the two still agree."""
    open_playground(browser, server, "Book")
    wide = "x" * 400
    set_payload(browser, "[\n" + "".join(f'  {{"id": "{wide}", "n": {n}}},\n' for n in range(200)) + '  {"id": "last"}\n]\n')
    assert convert(browser).startswith("422 · 101 errors")  # the first 100, then too_many_errors
    offsets = browser.execute_script(
        "const area = document.getElementById('payload'), back = document.getElementById('backdrop');"
        "area.scrollTop = area.scrollHeight; area.scrollLeft = area.scrollWidth;"
        "area.dispatchEvent(new Event('scroll'));"
        "return [area.scrollTop, back.scrollTop, area.scrollLeft, back.scrollLeft]")
    assert offsets[0] > 0 and offsets[2] > 0
    assert offsets[1] == offsets[0] and offsets[3] == offsets[2]


def save_full_page(driver, path):
    """A screenshot of the whole page at the current width, from the top."""
    driver.execute_script("window.scrollTo(0, 0)")
    # The viewport's width (a page scrollbar included), the document's height.
    width, height = driver.execute_script("return [window.innerWidth, document.documentElement.scrollHeight]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    with open(path, "wb") as file:
        file.write(base64.b64decode(shot["data"]))


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_screenshot(browser, server, shots, width, height):
    """The page with the errors of a broken book.json, at a laptop's and a phone's width."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        open_playground(browser, server, "Book")
        set_payload(browser, BROKEN_BOOK)
        assert convert(browser).startswith("422 · 5 errors")
        assert [code for code, _ in errors(browser)] == [
            "invalid_number", "above_maximum", "missing", "invalid_date", "invalid_url"]
        assert len(marks(browser)) == 5
        # Nothing wider than the screen: the page scrolls only up and down.
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        browser.find_elements(By.CSS_SELECTOR, "#errors .finding-button")[0].click()
        path = os.path.join(shots, f"playground-{width}.png")
        save_full_page(browser, path)
        assert os.path.getsize(path) > 10_000
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
