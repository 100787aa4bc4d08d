"""pydantic v2 models doing what convertd's schemas/github.yaml and schemas/weibo.yaml do.

Fields are named as the input keys (snake_case) and written camelCase; pydantic's lax mode
already reads "640" as 640 and 1/0 as booleans. Dump with `by_alias=True, exclude_unset=True`
so absent keys stay absent and explicit nulls stay null, as in convertd's output.
"""

from datetime import datetime, timezone
from typing import Annotated, Any, Literal

from pydantic import AliasGenerator, AnyUrl, BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer
from pydantic.alias_generators import to_camel

Int32 = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]
Int64 = Annotated[int, Field(ge=-(2**63), le=2**63 - 1)]
UInt32 = Annotated[int, Field(ge=0, le=2**32 - 1)]
UInt64 = Annotated[int, Field(ge=0, le=2**64 - 1)]

TWITTER_DATE = "%a %b %d %H:%M:%S %z %Y"


def _twitter_date(value: Any) -> Any:
    """Reads Weibo's `Wed Sep 16 12:20:09 +0800 2015`; anything else goes to pydantic's parser."""
    if isinstance(value, str):
        try:
            return datetime.strptime(value, TWITTER_DATE)
        except ValueError:
            pass
    return value


def _rfc3339_utc(value: datetime) -> str:
    """Writes an instant in RFC 3339 UTC; a time without a zone counts as UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")


def _blank_is_null(value: Any) -> Any:
    """convertd's `url?`: surrounding blanks trimmed, empty text is null."""
    if isinstance(value, str):
        return value.strip() or None
    return value


GENDERS = {"m": "male", "f": "female", "n": "unknown"}


def _gender(value: Any) -> str:
    """The schema's `values` table for Weibo's one-letter gender codes."""
    if value not in GENDERS:
        raise ValueError(f"unknown gender code {value!r}")
    return GENDERS[value]




class Model(BaseModel):
    """Input keys as the field names, output keys in camelCase; numbers are accepted as strings."""

    model_config = ConfigDict(alias_generator=AliasGenerator(serialization_alias=to_camel), coerce_numbers_to_str=True)


def define(plain: bool) -> dict:
    """The two models. Equivalent ones check URLs with `AnyUrl` and convert dates, gender codes
    and blank URLs with validators; plain ones (`plain=True`) keep those fields as text, with no
    Python code per field — the fastest pydantic can go on these fields (the ANCHORS.md kind)."""
    Url = str if plain else AnyUrl
    NullableUrl = str | None if plain else Annotated[AnyUrl | None, BeforeValidator(_blank_is_null)]
    Timestamp = str if plain else Annotated[datetime, BeforeValidator(_twitter_date), PlainSerializer(_rfc3339_utc, return_type=str)]
    Gender = str if plain else Annotated[Literal["male", "female", "unknown"], BeforeValidator(_gender)]

    class GithubUser(Model):
        login: Annotated[str, Field(min_length=1)]
        id: UInt64
        avatar_url: NullableUrl = None
        gravatar_id: str | None = None
        url: NullableUrl = None
        html_url: NullableUrl = None
        followers_url: NullableUrl = None
        following_url: str | None = None
        gists_url: str | None = None
        starred_url: str | None = None
        subscriptions_url: NullableUrl = None
        organizations_url: NullableUrl = None
        repos_url: NullableUrl = None
        events_url: str | None = None
        received_events_url: NullableUrl = None
        type: Literal["User", "Organization", "Bot"] | None = None
        site_admin: bool | None = None
        name: str | None = None
        company: str | None = None
        blog: NullableUrl = None
        location: str | None = None
        email: str | None = None
        hireable: bool | None = None
        bio: str | None = None
        public_repos: UInt32 | None = None
        public_gists: UInt32 | None = None
        followers: UInt32 | None = None
        following: UInt32 | None = None
        created_at: Timestamp | None = None
        updated_at: Timestamp | None = None


    class WeiboPicture(Model):
        url: Url | None = None
        width: UInt32 | None = None
        height: UInt32 | None = None
        cut_type: Int32 | None = None
        type: Literal["JPEG", "WEBP", "GIF", "PNG"] | None = None


    class WeiboPictureInfo(Model):
        pic_id: str | None = None
        object_id: str | None = None
        filter_id: Int32 | None = None
        photo_tag: Int32 | None = None
        thumbnail: WeiboPicture | None = None
        bmiddle: WeiboPicture | None = None
        middleplus: WeiboPicture | None = None
        large: WeiboPicture | None = None
        largest: WeiboPicture | None = None
        original: WeiboPicture | None = None


    class WeiboAnnotation(Model):
        client_mblogid: str | None = None
        mapi_request: bool | None = None


    class WeiboVisible(Model):
        type: Int32 | None = None
        list_id: Int64 | None = None


    class WeiboIcon(Model):
        url: Url | None = None


    class WeiboPrivacy(Model):
        mobile: Int32 | None = None


    class WeiboUserExtend(Model):
        privacy: WeiboPrivacy | None = None
        mbprivilege: str | None = None


    class WeiboUser(Model):
        id: UInt64
        idstr: str | None = None
        screen_name: str | None = None
        name: str | None = None
        user_class: Int32 | None = Field(None, validation_alias="class")
        type: Int32 | None = None
        gender: Gender | None = None
        province: Int32 | None = None
        city: Int32 | None = None
        location: str | None = None
        description: str | None = None
        url: NullableUrl = None
        profile_image_url: NullableUrl = None
        profile_url: str | None = None
        cover_image_phone: NullableUrl = None
        avatar_large: NullableUrl = None
        avatar_hd: NullableUrl = None
        domain: str | None = None
        weihao: str | None = None
        remark: str | None = None
        lang: str | None = None
        created_at: Timestamp | None = None
        icons: list[WeiboIcon] | None = None
        verified: bool | None = None
        verified_type: Int32 | None = None
        verified_level: Int32 | None = None
        verified_state: Int32 | None = None
        verified_reason: str | None = None
        verified_reason_url: NullableUrl = None
        verified_reason_modified: str | None = None
        verified_trade: str | None = None
        verified_source: str | None = None
        verified_source_url: NullableUrl = None
        verified_contact_name: str | None = None
        verified_contact_email: str | None = None
        verified_contact_mobile: str | None = None
        followers_count: UInt32 | None = None
        friends_count: UInt32 | None = None
        bi_followers_count: UInt32 | None = None
        pagefriends_count: UInt32 | None = None
        statuses_count: UInt32 | None = None
        favourites_count: UInt32 | None = None
        urank: Int32 | None = None
        mbrank: Int32 | None = None
        mbtype: Int32 | None = None
        ulevel: Int32 | None = None
        level: Int32 | None = None
        star: Int32 | None = None
        credit_score: Int32 | None = None
        online_status: Int32 | None = None
        block_app: bool | None = None
        block_word: bool | None = None
        has_ability_tag: bool | None = None
        user_ability: Int32 | None = None
        ptype: Int32 | None = None
        geo_enabled: bool | None = None
        follow_me: bool | None = None
        following: bool | None = None
        allow_all_act_msg: bool | None = None
        allow_all_comment: bool | None = None
        badge_top: str | None = None
        badge: dict[str, Int32] | None = None
        extend: WeiboUserExtend | None = None


    class WeiboStatus(Model):
        id: UInt64
        idstr: str | None = None
        mid: str | None = None
        mblogid: str | None = None
        created_at: Timestamp | None = None
        text: str | None = None
        source: str | None = None
        source_type: Int32 | None = None
        source_allowclick: Int32 | None = None
        favorited: bool | None = None
        truncated: bool | None = None
        in_reply_to_status_id: str | None = None
        in_reply_to_user_id: str | None = None
        in_reply_to_screen_name: str | None = None
        geo: Any = None
        user: WeiboUser | None = None
        thumbnail_pic: NullableUrl = None
        bmiddle_pic: NullableUrl = None
        original_pic: NullableUrl = None
        pic_ids: list[str] | None = None
        pic_infos: dict[str, WeiboPictureInfo] | None = None
        reposts_count: UInt32 | None = None
        comments_count: UInt32 | None = None
        attitudes_count: UInt32 | None = None
        attitudes_status: Int32 | None = None
        recom_state: Int32 | None = None
        biz_feature: UInt64 | None = None
        mblogtypename: str | None = None
        mlevel: Int32 | None = None
        scheme: Url | None = None
        visible: WeiboVisible | None = None
        annotations: list[WeiboAnnotation] | None = None
        darwin_tags: list[str] | None = None
        user_type: Int32 | None = Field(None, validation_alias="userType")
        filter_id: str | None = Field(None, validation_alias="filterID")

    return {"GithubUser": GithubUser, "WeiboStatus": WeiboStatus}


# Equivalent to the schemas.
MODELS = define(plain=False)
# The same fields without per-field Python: faster, and the stricter yardstick for convertd.
PLAIN_MODELS = define(plain=True)
