"""msgspec Structs doing what convertd's schemas/github.yaml and schemas/weibo.yaml do, as far as
msgspec can without Python code per field: the same fields as `models.py`'s plain pydantic models
(the yardstick), each with the checks msgspec has — required keys, integer bounds, enums, a minimum
length, nested Structs, lists and maps. Decoded with `msgspec.json.Decoder(Model, strict=False)`,
msgspec's lax mode, which reads "640" as 640 and 1/0 as booleans.

Absent keys stay absent and explicit nulls stay null, as in convertd's output: every optional
field is `T | None | UnsetType` with the default `UNSET`, which the encoder leaves out.

msgspec's renames work both ways (`rename=`, `field(name=)`: one name for reading and writing;
msgspec issue #828, open). A Struct cannot read `avatar_url` and write `avatarUrl`, as convertd
and pydantic's `serialization_alias` do. So there are two families of the same Structs:

- `READERS`, named as the input keys (`class`, `userType` and `filterID` renamed to them): the
  timed round trip, `Encoder.encode(Decoder.decode(raw))`, writes the keys as it read them. msgspec
  looks its keys up in tables made once per Struct, so writing them camelCase would cost the same;
  msgspec just has no way to say it.
- `WRITERS`, the same fields with `rename="camel"`: `document()` copies a decoded reader into
  them (`restyle`, in Python, for the equivalence checks only) to write convertd's keys.

What msgspec cannot check or convert that convertd does (msgspec 0.22; tried, not read off docs):

- uint64's upper bound: `Meta(le=2**64 - 1)` is refused when the Struct is used ("Integer bounds
  constraints (`ge`, `le`, ...) that don't fit in an int64 are currently not supported"), so
  `UInt64` is only `ge=0` and 18446744073709551616 and beyond are taken and written back
  (GithubUser.id, WeiboStatus.id, WeiboUser.id, WeiboStatus.bizFeature). Bounds within int64
  (int32, int64, uint32) are checked.
- URLs (`url`, `url?`): msgspec has no URL type, so no RFC 3986 check and no trimming; `url?`'s
  "" → null (WeiboUser.url, verifiedSourceUrl, verifiedReasonUrl…) is not done (kept as "").
- Dates: msgspec reads RFC 3339 only, and writes the offset it read (no conversion to UTC, a time
  without a zone stays without one); Weibo's `Wed Sep 16 12:20:09 +0800 2015` is refused, and a
  decode hook is never called for `datetime`. Dates stay text, as in pydantic-plain.
- `values` tables: WeiboUser.gender is checked against `m`, `f`, `n` (a Literal) but cannot be
  written as `male`, `female`, `unknown`.
- Lax coercions msgspec's `strict=False` lacks: numbers and booleans into a string field
  (convertd writes their text, pydantic's `coerce_numbers_to_str` the numbers'); booleans into an
  integer field; trimmed numeric strings (" 640"), a sign or leading zeros ("+7", "007");
  `yes no on off t f y n` as booleans; the null words `nil`, `<null>`, `(null)` (msgspec takes
  "null" and "NULL" only); `[]` as an empty object (PHP).
- Nulls in a property that is not nullable: convertd drops them (or writes the default); these
  Structs keep them, like the pydantic models (`str | None`).
- A lone UTF-16 surrogate escape is refused by both, but msgspec says "Input data was truncated".
"""

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType, field

Int32 = Annotated[int, Meta(ge=-(2**31), le=2**31 - 1)]
Int64 = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
UInt32 = Annotated[int, Meta(ge=0, le=2**32 - 1)]
UInt64 = Annotated[int, Meta(ge=0)]  # le=2**64 - 1 is refused: msgspec bounds only within int64

# An optional field: absent (UNSET, left out when written), null, or a value.
Maybe = None | UnsetType


def define(writer: bool) -> dict:
    """One family of the Structs: readers carry the input keys, writers convertd's camelCase ones.
    `gc=False`: these Structs hold no cycles, and msgspec's docs give it for speed (the fastest
    msgspec can go, as pydantic-plain is the fastest pydantic)."""
    options = {"rename": "camel" if writer else None, "gc": False}

    def read_from(key: str) -> Any:
        """An optional field whose input key is not its name's snake_case."""
        return UNSET if writer else field(default=UNSET, name=key)

    class GithubUser(Struct, **options):
        login: Annotated[str, Meta(min_length=1)]
        id: UInt64
        avatar_url: str | Maybe = UNSET
        gravatar_id: str | Maybe = UNSET
        url: str | Maybe = UNSET
        html_url: str | Maybe = UNSET
        followers_url: str | Maybe = UNSET
        following_url: str | Maybe = UNSET
        gists_url: str | Maybe = UNSET
        starred_url: str | Maybe = UNSET
        subscriptions_url: str | Maybe = UNSET
        organizations_url: str | Maybe = UNSET
        repos_url: str | Maybe = UNSET
        events_url: str | Maybe = UNSET
        received_events_url: str | Maybe = UNSET
        type: Literal["User", "Organization", "Bot"] | Maybe = UNSET
        site_admin: bool | Maybe = UNSET
        name: str | Maybe = UNSET
        company: str | Maybe = UNSET
        blog: str | Maybe = UNSET
        location: str | Maybe = UNSET
        email: str | Maybe = UNSET
        hireable: bool | Maybe = UNSET
        bio: str | Maybe = UNSET
        public_repos: UInt32 | Maybe = UNSET
        public_gists: UInt32 | Maybe = UNSET
        followers: UInt32 | Maybe = UNSET
        following: UInt32 | Maybe = UNSET
        created_at: str | Maybe = UNSET
        updated_at: str | Maybe = UNSET

    class WeiboPicture(Struct, **options):
        url: str | Maybe = UNSET
        width: UInt32 | Maybe = UNSET
        height: UInt32 | Maybe = UNSET
        cut_type: Int32 | Maybe = UNSET
        type: Literal["JPEG", "WEBP", "GIF", "PNG"] | Maybe = UNSET

    class WeiboPictureInfo(Struct, **options):
        pic_id: str | Maybe = UNSET
        object_id: str | Maybe = UNSET
        filter_id: Int32 | Maybe = UNSET
        photo_tag: Int32 | Maybe = UNSET
        thumbnail: WeiboPicture | Maybe = UNSET
        bmiddle: WeiboPicture | Maybe = UNSET
        middleplus: WeiboPicture | Maybe = UNSET
        large: WeiboPicture | Maybe = UNSET
        largest: WeiboPicture | Maybe = UNSET
        original: WeiboPicture | Maybe = UNSET

    class WeiboAnnotation(Struct, **options):
        client_mblogid: str | Maybe = UNSET
        mapi_request: bool | Maybe = UNSET

    class WeiboVisible(Struct, **options):
        type: Int32 | Maybe = UNSET
        list_id: Int64 | Maybe = UNSET

    class WeiboIcon(Struct, **options):
        url: str | Maybe = UNSET

    class WeiboPrivacy(Struct, **options):
        mobile: Int32 | Maybe = UNSET

    class WeiboUserExtend(Struct, **options):
        privacy: WeiboPrivacy | Maybe = UNSET
        mbprivilege: str | Maybe = UNSET

    class WeiboUser(Struct, **options):
        id: UInt64
        idstr: str | Maybe = UNSET
        screen_name: str | Maybe = UNSET
        name: str | Maybe = UNSET
        user_class: Int32 | Maybe = read_from("class")
        type: Int32 | Maybe = UNSET
        gender: Literal["m", "f", "n"] | Maybe = UNSET
        province: Int32 | Maybe = UNSET
        city: Int32 | Maybe = UNSET
        location: str | Maybe = UNSET
        description: str | Maybe = UNSET
        url: str | Maybe = UNSET
        profile_image_url: str | Maybe = UNSET
        profile_url: str | Maybe = UNSET
        cover_image_phone: str | Maybe = UNSET
        avatar_large: str | Maybe = UNSET
        avatar_hd: str | Maybe = UNSET
        domain: str | Maybe = UNSET
        weihao: str | Maybe = UNSET
        remark: str | Maybe = UNSET
        lang: str | Maybe = UNSET
        created_at: str | Maybe = UNSET
        icons: list[WeiboIcon] | Maybe = UNSET
        verified: bool | Maybe = UNSET
        verified_type: Int32 | Maybe = UNSET
        verified_level: Int32 | Maybe = UNSET
        verified_state: Int32 | Maybe = UNSET
        verified_reason: str | Maybe = UNSET
        verified_reason_url: str | Maybe = UNSET
        verified_reason_modified: str | Maybe = UNSET
        verified_trade: str | Maybe = UNSET
        verified_source: str | Maybe = UNSET
        verified_source_url: str | Maybe = UNSET
        verified_contact_name: str | Maybe = UNSET
        verified_contact_email: str | Maybe = UNSET
        verified_contact_mobile: str | Maybe = UNSET
        followers_count: UInt32 | Maybe = UNSET
        friends_count: UInt32 | Maybe = UNSET
        bi_followers_count: UInt32 | Maybe = UNSET
        pagefriends_count: UInt32 | Maybe = UNSET
        statuses_count: UInt32 | Maybe = UNSET
        favourites_count: UInt32 | Maybe = UNSET
        urank: Int32 | Maybe = UNSET
        mbrank: Int32 | Maybe = UNSET
        mbtype: Int32 | Maybe = UNSET
        ulevel: Int32 | Maybe = UNSET
        level: Int32 | Maybe = UNSET
        star: Int32 | Maybe = UNSET
        credit_score: Int32 | Maybe = UNSET
        online_status: Int32 | Maybe = UNSET
        block_app: bool | Maybe = UNSET
        block_word: bool | Maybe = UNSET
        has_ability_tag: bool | Maybe = UNSET
        user_ability: Int32 | Maybe = UNSET
        ptype: Int32 | Maybe = UNSET
        geo_enabled: bool | Maybe = UNSET
        follow_me: bool | Maybe = UNSET
        following: bool | Maybe = UNSET
        allow_all_act_msg: bool | Maybe = UNSET
        allow_all_comment: bool | Maybe = UNSET
        badge_top: str | Maybe = UNSET
        badge: dict[str, Int32] | Maybe = UNSET
        extend: WeiboUserExtend | Maybe = UNSET

    class WeiboStatus(Struct, **options):
        id: UInt64
        idstr: str | Maybe = UNSET
        mid: str | Maybe = UNSET
        mblogid: str | Maybe = UNSET
        created_at: str | Maybe = UNSET
        text: str | Maybe = UNSET
        source: str | Maybe = UNSET
        source_type: Int32 | Maybe = UNSET
        source_allowclick: Int32 | Maybe = UNSET
        favorited: bool | Maybe = UNSET
        truncated: bool | Maybe = UNSET
        in_reply_to_status_id: str | Maybe = UNSET
        in_reply_to_user_id: str | Maybe = UNSET
        in_reply_to_screen_name: str | Maybe = UNSET
        geo: Any = UNSET
        user: WeiboUser | Maybe = UNSET
        thumbnail_pic: str | Maybe = UNSET
        bmiddle_pic: str | Maybe = UNSET
        original_pic: str | Maybe = UNSET
        pic_ids: list[str] | Maybe = UNSET
        pic_infos: dict[str, WeiboPictureInfo] | Maybe = UNSET
        reposts_count: UInt32 | Maybe = UNSET
        comments_count: UInt32 | Maybe = UNSET
        attitudes_count: UInt32 | Maybe = UNSET
        attitudes_status: Int32 | Maybe = UNSET
        recom_state: Int32 | Maybe = UNSET
        biz_feature: UInt64 | Maybe = UNSET
        mblogtypename: str | Maybe = UNSET
        mlevel: Int32 | Maybe = UNSET
        scheme: str | Maybe = UNSET
        visible: WeiboVisible | Maybe = UNSET
        annotations: list[WeiboAnnotation] | Maybe = UNSET
        darwin_tags: list[str] | Maybe = UNSET
        user_type: Int32 | Maybe = read_from("userType")
        filter_id: str | Maybe = read_from("filterID")

    return {cls.__name__: cls for cls in (GithubUser, WeiboPicture, WeiboPictureInfo, WeiboAnnotation, WeiboVisible,
                                          WeiboIcon, WeiboPrivacy, WeiboUserExtend, WeiboUser, WeiboStatus)}


# Read as the input keys; the timed round trip writes them so.
READERS = define(writer=False)
# The same Structs writing convertd's camelCase keys, for the equivalence checks.
WRITERS = define(writer=True)
ENCODER = msgspec.json.Encoder()


def decoder(model: str, array: bool = False) -> msgspec.json.Decoder:
    """msgspec's lax decoder of a model, or of an array of it (`list[Model]`)."""
    cls = READERS[model]
    return msgspec.json.Decoder(list[cls] if array else cls, strict=False)


def restyle(value: Any) -> Any:
    """A decoded reader (or list or map of them) copied into the writers, field by field."""
    if isinstance(value, Struct):
        cls = WRITERS[type(value).__name__]
        return cls(**{name: restyle(getattr(value, name)) for name in value.__struct_fields__})
    if isinstance(value, list):
        return [restyle(item) for item in value]
    if isinstance(value, dict):
        return {key: restyle(item) for key, item in value.items()}
    return value


def document(reader: msgspec.json.Decoder, raw: bytes) -> bytes:
    """The document msgspec makes of `raw` with convertd's keys: the timed round trip's decode,
    restyled, then encoded."""
    return ENCODER.encode(restyle(reader.decode(raw)))
