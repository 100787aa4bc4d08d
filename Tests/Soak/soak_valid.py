"""The valid clients: conversions that must succeed, the same bytes every time.

Holds the payloads (user.json and weibo.json from the corpus, or built-in ones: load_payloads)
and ValidClients, the mixin of Soak with the NDJSON body of valid and invalid lines and what
each line must give (make_ndjson), the reference answers taken before the load (preflight), the
keep-alive worker that sends and judges request after request (keepalive_worker), and the
requests and judges of the GithubUser/WeiboStatus, explain+pretty and NDJSON (whole or chunked)
clients.

Python 3 standard library only.
"""
import json
import os
import random

from soak_checks import C_USER, C_WEIBO
from soak_harness import Harness
from soak_http import request_bytes


# Used when the corpus is absent: small payloads that convert with the shipped schemas.
FALLBACK_USER = {
    "login": "octocat", "id": 583231, "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4",
    "gravatar_id": "", "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat",
    "following_url": "https://api.github.com/users/octocat/following{/other_user}", "type": "User",
    "site_admin": False, "name": "The Octocat", "company": "@github", "blog": "https://github.blog",
    "location": "San Francisco", "email": None, "hireable": None, "bio": None, "public_repos": "8",
    "public_gists": 8, "followers": 9999, "following": 9, "created_at": "2011-01-25T18:44:36Z",
    "updated_at": "2024-01-22T12:00:00Z",
}
FALLBACK_WEIBO = {
    "id": 3888411312837360, "idstr": "3888411312837360", "mid": "3888411312837360", "mblogid": "CAgZxdYzS",
    "created_at": "Wed Sep 16 12:20:09 +0800 2015", "text": "soak", "source": "web", "source_type": 1,
    "favorited": False, "truncated": False, "in_reply_to_status_id": "", "geo": None,
    "user": {"id": 1642909335, "idstr": "1642909335", "screen_name": "soak", "class": 1, "gender": "m",
             "province": "11", "city": "1000", "url": "", "created_at": "Mon Aug 17 10:12:06 +0800 2009",
             "verified": True, "followers_count": 1024, "block_app": 1, "badge": {"anniversary": 1},
             "icons": [{"url": "http://u1.sinaimg.cn/upload/2014/11/04/common_icon_membership_level7.png"}]},
    "thumbnail_pic": "http://ww2.sinaimg.cn/thumbnail/eb8fce65jw1ew468zkxcgj237k1t01l0.jpg",
    "pic_ids": ["eb8fce65jw1ew468zkxcgj237k1t01l0"],
    "pic_infos": {"eb8fce65jw1ew468zkxcgj237k1t01l0": {
        "pic_id": "eb8fce65jw1ew468zkxcgj237k1t01l0", "filter_id": "1",
        "thumbnail": {"url": "http://ww2.sinaimg.cn/or180/eb8fce65jw1ew468zkxcgj237k1t01l0.jpg",
                      "width": 266, "height": "150", "cut_type": 1, "type": "WEBP"}}},
    "reposts_count": 12, "comments_count": "3", "attitudes_count": 40, "biz_feature": 4294967300,
    "scheme": "sinaweibo://detail?mblogid=3888411312837360", "visible": {"type": 0, "list_id": 0},
    "annotations": [{"client_mblogid": "x", "mapi_request": True}], "darwin_tags": [], "userType": 0,
    "filterID": "0",
}


def load_payloads(corpus):
    """(user bytes, weibo bytes, where they come from)."""
    user_path = os.path.join(corpus or "", "user.json")
    weibo_path = os.path.join(corpus or "", "weibo.json")
    if corpus and os.path.isfile(user_path) and os.path.isfile(weibo_path):
        with open(user_path, "rb") as user, open(weibo_path, "rb") as weibo:
            return user.read(), weibo.read(), f"corpus {os.path.abspath(corpus)} (user.json, weibo.json)"
    return (json.dumps(FALLBACK_USER).encode(), json.dumps(FALLBACK_WEIBO).encode(),
            f"built-in payloads: the corpus ({corpus}) has no user.json/weibo.json")


class ValidClients(Harness):
    """Valid traffic; a mixin of Soak (see soak.py)."""

    def make_ndjson(self, count):
        """A body of `count` lines mixing valid and invalid documents (and a few blank lines);
        what each non-blank line must give, in order: ('ok' or 'fail', its line number)."""
        rng = random.Random(20260101)
        user_line = json.dumps(self.user_object, ensure_ascii=False, separators=(",", ":")).encode()
        invalid = [b'{"login":"","id":"x"}', b'{"login":"a","id":-1}', b'{not json', b'[1,2', b'"a string"',
                   b'{"login":["x"],"id":{"a":1}}']
        lines, expected = [], []
        for number in range(1, count + 1):
            pick = rng.random()
            if pick < 0.03:
                lines.append(b"")  # skipped, but counted for the line numbers
            elif pick < 0.6:
                lines.append(user_line)
                expected.append(("ok", number))
            else:
                lines.append(rng.choice(invalid))
                expected.append(("fail", number))
        return b"\n".join(lines) + b"\n", expected

    # -- valid traffic -----------------------------------------------------------------------

    def preflight(self):
        """One answer of each valid request, kept as the reference the soak compares with."""
        for name, path, body in (("user", "/convert/GithubUser", self.user), ("weibo", "/convert/WeiboStatus", self.weibo)):
            response, conn = self.exchange("preflight", C_USER if name == "user" else C_WEIBO, request_bytes("POST", path, body))
            if conn:
                conn.close()
            if response is None or response.status != 200:
                print(f"soak: the server does not convert {name}: {response.brief() if response else 'no answer'}\n"
                      + "\n".join(self.server.log_tail()))
                raise SystemExit("soak: 0 passed, 1 failed")
            self.reference[name] = response.body
        schemas = self.get_json("/schemas")
        if not schemas:
            print("soak: GET /schemas gave no JSON")
            raise SystemExit("soak: 0 passed, 1 failed")
        self.base_schemas = schemas

    def keepalive_worker(self, kind, check, make, validate):
        conn = None
        while self.running():
            raw, method = make()
            response, conn = self.exchange(kind, check, raw, conn, method)
            if response is None:
                self.pause(0.2)
                continue
            problem = validate(response)
            if problem:
                self.tally.fail(check, f"{problem} [{response.context}]")
            else:
                self.tally.ok(check)
        if conn:
            conn.close()

    def same_as(self, name):
        def validate(response):
            if response.status != 200:
                return f"expected 200, got {response.brief()}"
            if response.body != self.reference[name]:
                return f"200 with a different body ({len(response.body)} bytes, reference {len(self.reference[name])})"
            return None
        return validate

    def validate_explain(self, response):
        if response.status != 200:
            return f"expected 200, got {response.brief()}"
        document = response.json()
        if not isinstance(document, dict) or set(document) != {"result", "coercions", "unknownKeys"}:
            return f"200 without result/coercions/unknownKeys: {response.brief()}"
        if document["result"] != json.loads(self.reference["user"]) and document["result"] != json.loads(self.reference["weibo"]):
            return "explained result differs from the plain conversion"
        if b"\n " not in response.body:
            return "pretty=true but the body is not indented"
        return None

    def make_explain(self):
        if self.next_id() % 2:
            return request_bytes("POST", "/convert/GithubUser?explain=true&pretty=true", self.user), "POST"
        return request_bytes("POST", "/convert/WeiboStatus?explain=true&pretty=true", self.weibo), "POST"

    def make_ndjson_request(self):
        if self.next_id() % 2:
            return request_bytes("POST", "/convert/GithubUser", self.ndjson_body, "application/x-ndjson"), "POST"
        # The same body sent chunked, in uneven pieces that split lines.
        rng = random.Random(self.next_id())
        pieces, at = [], 0
        while at < len(self.ndjson_body):
            size = rng.randint(1, 8192)
            piece = self.ndjson_body[at:at + size]
            pieces.append(b"%x\r\n%s\r\n" % (len(piece), piece))
            at += size
        head = request_bytes("POST", "/convert/GithubUser", b"", "application/x-ndjson",
                             headers=["Transfer-Encoding: chunked"], length=False)
        return head + b"".join(pieces) + b"0\r\n\r\n", "POST"

    def validate_ndjson(self, response):
        """Every non-blank input line accounted for once, in order: a success as the converted
        document, a failure as `{"line": N, "errors": […]}` — or, once the stream's error budget
        is spent, inside a run record `{"line": first, "lastLine": last, "errors": […]}` that
        covers only failing lines."""
        if response.status != 200:
            return f"expected 200, got {response.brief()}"
        lines = response.body.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        user = json.loads(self.reference["user"])
        expected = self.ndjson_expected
        at = 0
        for line in lines:
            if at >= len(expected):
                return f"more result lines than input lines ({len(lines)} for {len(expected)}): {line[:80]!r}"
            want, number = expected[at]
            try:
                result = json.loads(line)
            except ValueError:
                return f"result for input line {number} is not JSON: {line[:80]!r}"
            if want == "ok":
                if result != user:
                    return f"input line {number}: expected the converted user, got {line[:120]!r}"
                at += 1
                continue
            if not isinstance(result, dict) or result.get("line") != number or not result.get("errors"):
                return f"input line {number}: expected {{\"line\":{number},\"errors\":[…]}}, got {line[:120]!r}"
            last = result.get("lastLine", number)
            if not isinstance(last, int) or last < number:
                return f"input line {number}: bad lastLine in {line[:120]!r}"
            while at < len(expected) and expected[at][1] <= last:
                if expected[at][0] != "fail":
                    return f"run record {line[:100]!r} covers input line {expected[at][1]}, which converts"
                at += 1
        if at != len(expected):
            return f"results cover {at} of {len(expected)} non-blank input lines ({len(lines)} result lines)"
        return None
