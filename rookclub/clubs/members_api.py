"""REST API for accounts and a club's members: thin views over rookclub.clubs.members,
added to /api/v1/ by rookclub/api_urls.py from :data:`urlpatterns`."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator
from django.db import transaction
from django.urls import path, reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from rookclub.clubs import members
from rookclub.clubs.models import Club, Membership, Player
from rookclub.clubs.permissions import require_member
from rookclub.clubs.selectors import Member, club_members
from rookclub.core.api import valid, visible_to, whole
from rookclub.core.errors import Invalid, NotFound
from rookclub.core.limits import validate_name
from rookclub.core.parsers import JSON_ONLY
from rookclub.core.roles import require_director
from rookclub.core.throttles import AnonThrottle, SignUpThrottle

#: Hashing a megabyte-long password is slow on purpose; nobody types more than this.
PASSWORD_MAX = 256
REFUSAL = OpenApiResponse(description="a sentence under `detail`, or messages per field")
#: A new account's refusal: messages per field with a ``code``.
ACCOUNT_REFUSAL = OpenApiResponse(
    description="Messages per field, with a `code`: `username_taken` when someone has the "
    "username; `password_rules` when the password breaks only the rules no schema states "
    "(too common, too like the username or email); `invalid` otherwise."
)


#: The server's account rules a pattern can say: Django's username characters, a password
#: not all digits, an email empty or an address.
USERNAME_PATTERN = r"^[\w.@+-]+$"
PASSWORD_PATTERN = r"^[^\x00]*[^\d\x00][^\x00]*$"
EMAIL_PATTERN = (
    r"^([A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*"
    r"@([A-Za-z0-9]([A-Za-z0-9-]{0,20}[A-Za-z0-9])?\.){1,3}[A-Za-z]{2,20})?$"
)
#: Django's password rules the schema can say (settings.AUTH_PASSWORD_VALIDATORS).
PASSWORD_MIN = 8


@extend_schema_field(
    {
        "type": "string",
        "maxLength": 254,
        "pattern": EMAIL_PATTERN,
        "description": "an email address, or empty",
    }
)
class EmailText(serializers.CharField):
    """An optional email address: the server refuses what is not one (400); the
    schema's pattern is a plain subset of what it takes."""


class SignUpSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=150,
        validators=[
            validate_name,
            RegexValidator(
                USERNAME_PATTERN, "use only letters, digits and the characters @ . + - _"
            ),
        ],
    )
    password = serializers.CharField(
        write_only=True,
        style={"input_type": "password"},
        max_length=PASSWORD_MAX,
        min_length=PASSWORD_MIN,
        # As Django's own password forms: a password is kept as typed, spaces too.
        trim_whitespace=False,
        # Not all digits, no NUL: the service refuses the rest (common, like the username).
        validators=[RegexValidator(PASSWORD_PATTERN, "This password is entirely numeric.")],
    )
    email = EmailText(
        required=False, allow_blank=True, default="", max_length=254, validators=[validate_name]
    )
    name = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=150, validators=[validate_name]
    )


class AccountSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField()
    name = serializers.CharField(source="first_name")


class MemberSerializer(serializers.Serializer):
    user_id = serializers.IntegerField(source="user.pk")
    username = serializers.CharField(source="user.username")
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    player = serializers.IntegerField(
        source="player_id", allow_null=True, help_text="the club's player this member is"
    )
    player_name = serializers.CharField(allow_null=True)


class MemberCreateSerializer(SignUpSerializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices, default="member")


class MemberChangeSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices, required=False)
    player = whole(
        required=False, allow_null=True, help_text="a player id of the club; null unlinks"
    )


class InviteCreateSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices, default="member")


class InvitationSerializer(serializers.Serializer):
    token = serializers.CharField()
    url = serializers.CharField(help_text="the link to send; it works once")
    club = serializers.IntegerField(source="club_id")
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    expires_at = serializers.DateTimeField()


class JoinedSerializer(serializers.Serializer):
    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    role = serializers.ChoiceField(choices=Membership.Role.choices)


def users_club(request: Request, club_id: int) -> Club:
    """One of the user's clubs: another club is "no club", as an unknown id."""
    club = visible_to(Club.objects.all(), request, "").filter(pk=club_id).first()
    if club is None:
        raise NotFound(f"There is no club {club_id}.")
    return club


def _member_row(club: Club, user_id: int) -> Member:
    for row in club_members(club=club):
        if row.user.pk == user_id:
            return row
    raise NotFound(f"User {user_id} is not a member of {club}.", code="not_a_member")


class AccountCreateView(generics.GenericAPIView):
    """Sign up: anyone may create an account (username, password; optional email, name)."""

    permission_classes = [AllowAny]
    serializer_class = SignUpSerializer
    throttle_classes = [AnonThrottle, SignUpThrottle]
    code_in_body = True  # username_taken, password_rules: what no schema states

    @extend_schema(
        request=SignUpSerializer,
        responses={201: AccountSerializer, 400: ACCOUNT_REFUSAL, 429: REFUSAL},
    )
    def post(self, request: Request) -> Response:
        user = members.account_create(**valid(SignUpSerializer, request.data), by=request.user)
        return Response(AccountSerializer(user).data, status=status.HTTP_201_CREATED)


class MemberListView(generics.GenericAPIView):
    """A club's members (members may read); a director creates a member's account."""

    serializer_class = MemberSerializer
    pagination_class = None  # the whole list, as the schema says
    code_in_body = True  # a new member's account: username_taken, password_rules

    @extend_schema(responses={200: MemberSerializer(many=True), 403: REFUSAL, 404: REFUSAL})
    def get(self, request: Request, club_id: int) -> Response:
        club = users_club(request, club_id)
        require_member(request.user, club)
        return Response(MemberSerializer(club_members(club=club), many=True).data)

    @extend_schema(
        request=MemberCreateSerializer,
        responses={201: MemberSerializer, 400: ACCOUNT_REFUSAL, 403: REFUSAL, 404: REFUSAL},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = users_club(request, club_id)
        require_director(request.user, club)
        membership = members.member_create(
            club=club, **valid(MemberCreateSerializer, request.data), by=request.user
        )
        row = _member_row(club, membership.user_id)
        return Response(MemberSerializer(row).data, status=status.HTTP_201_CREATED)


class MemberDetailView(generics.GenericAPIView):
    """A director changes a member's role or player, or removes the member."""

    serializer_class = MemberSerializer
    parser_classes = JSON_ONLY  # player: an id or null, and a form has no null

    def _target(self, request: Request, club_id: int, user_id: int) -> tuple[Club, Any]:
        club = users_club(request, club_id)
        require_director(request.user, club)
        user = get_user_model().objects.filter(pk=user_id).first()
        if user is None:
            raise NotFound(f"There is no user {user_id}.")
        return club, user

    @extend_schema(
        request=MemberChangeSerializer,
        responses={200: MemberSerializer, 400: REFUSAL, 403: REFUSAL, 404: REFUSAL, 409: REFUSAL},
    )
    def patch(self, request: Request, club_id: int, user_id: int) -> Response:
        club, user = self._target(request, club_id, user_id)
        data = valid(MemberChangeSerializer, request.data)
        with transaction.atomic():  # both changes, or neither
            if "role" in data:
                members.member_set_role(club=club, user=user, role=data["role"], by=request.user)
            if "player" in data:
                player = None
                if data["player"] is not None:
                    player = Player.objects.filter(pk=data["player"]).first()
                    if player is None:
                        raise Invalid(
                            "No such player.",
                            errors={"player": [f"there is no player {data['player']}"]},
                        )
                members.member_link_player(club=club, user=user, player=player, by=request.user)
        return Response(MemberSerializer(_member_row(club, user.pk)).data)

    @extend_schema(responses={204: None, 403: REFUSAL, 404: REFUSAL, 409: REFUSAL})
    def delete(self, request: Request, club_id: int, user_id: int) -> Response:
        club, user = self._target(request, club_id, user_id)
        members.member_remove(club=club, user=user, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class InviteCreateView(generics.GenericAPIView):
    """A director makes a one-use invitation link to join the club with a role (14 days)."""

    serializer_class = InvitationSerializer

    @extend_schema(
        request=InviteCreateSerializer,
        responses={201: InvitationSerializer, 400: REFUSAL, 403: REFUSAL, 404: REFUSAL},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = users_club(request, club_id)
        invitation = members.invite_create(
            club=club, role=valid(InviteCreateSerializer, request.data)["role"], by=request.user
        )
        invitation.url = request.build_absolute_uri(reverse("invite", args=[invitation.token]))
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class InviteAcceptView(generics.GenericAPIView):
    """The logged-in user joins the club with the invitation's role. A link works once."""

    serializer_class = JoinedSerializer

    @extend_schema(
        request=None,
        responses={200: JoinedSerializer, 404: REFUSAL, 409: REFUSAL, 410: REFUSAL},
    )
    def post(self, request: Request, token: str) -> Response:
        membership = members.invite_accept(token=token, by=request.user)
        return Response(JoinedSerializer(membership).data)


urlpatterns = [
    path("accounts/", AccountCreateView.as_view(), name="api-account-create"),
    path("clubs/<int:club_id>/members/", MemberListView.as_view(), name="api-members"),
    path(
        "clubs/<int:club_id>/members/<int:user_id>/",
        MemberDetailView.as_view(),
        name="api-member",
    ),
    path("clubs/<int:club_id>/invites/", InviteCreateView.as_view(), name="api-invites"),
    path("invites/<str:token>/accept/", InviteAcceptView.as_view(), name="api-invite-accept"),
]
