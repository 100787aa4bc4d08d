"""Fixtures of the playground's browser test: a real `convertd serve` on a free loopback port and a
headless Chromium (Debian's chromium and chromium-driver) driven by Selenium. Tests/Browser/run.sh
installs both and starts pytest with the options below."""

import os
import re
import shutil
import subprocess
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService


def pytest_addoption(parser):
    parser.addoption("--convertd", required=True, help="the convertd binary to serve the playground")
    parser.addoption("--schemas", default="schemas", help="the schema directory it serves")
    parser.addoption("--shots", default=".build", help="where the screenshots go")


class Server:
    """`convertd serve` on a free port, its log collected; stopped with `stop()`."""

    def __init__(self, binary, schemas):
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--schemas", schemas, "--log-format", "text"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.log = []
        self.port = None
        listening = threading.Event()

        def read():
            for line in self.process.stderr:
                self.log.append(line)
                found = re.search(r" listening .*\bport=(\d+)", line)
                if found and self.port is None:
                    self.port = int(found.group(1))
                    listening.set()

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + 30
        while not listening.wait(0.05):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("convertd did not start:\n" + "".join(self.log))
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def server(pytestconfig):
    binary = os.path.abspath(pytestconfig.getoption("convertd"))
    running = Server(binary, os.path.abspath(pytestconfig.getoption("schemas")))
    yield running
    running.stop()
    assert running.process.returncode == 0, "convertd did not exit cleanly:\n" + "".join(running.log)


@pytest.fixture(scope="session")
def browser():
    chromium = shutil.which("chromium")
    driver_binary = shutil.which("chromedriver")
    assert chromium and driver_binary, "chromium and chromedriver are not installed: run `make test-browser`"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-US", "--force-color-profile=srgb"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=ChromeService(executable_path=driver_binary), options=options)
    driver.set_script_timeout(15)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def shots(pytestconfig):
    directory = os.path.abspath(pytestconfig.getoption("shots"))
    os.makedirs(directory, exist_ok=True)
    return directory
