"""Pages for accounts and a club's members: sign up, a new club, the Members page and
accepting an invitation link; each calls one service and shows its refusal."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from rookclub.clubs import members, services
from rookclub.clubs.forms import ClubCreateForm, InviteForm, MemberCreateForm, SignUpForm
from rookclub.clubs.models import Club, Membership, Player
from rookclub.clubs.permissions import is_director, require_member
from rookclub.clubs.selectors import club_members, open_invitations
from rookclub.core.errors import DomainError, NotFound
from rookclub.core.forms import add_domain_errors
from rookclub.core.pages import login_required_message, post_form, refuse
from rookclub.core.throttles import SignUpThrottle, limit_posts


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: ``next`` if it is on this site, else ''."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe else ""


@require_http_methods(["GET", "POST"])
@limit_posts(SignUpThrottle)
def signup(request: HttpRequest) -> HttpResponse:
    """Anyone signs up and is logged in, then goes on to ``next`` (e.g. an invitation)."""
    next_url = _next_url(request)
    form = SignUpForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                user = members.account_create(**form.cleaned_data, by=request.user)
            except DomainError as error:
                add_domain_errors(form, error, as_sentences=True)
                status = error.status
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(request, f"Welcome, {user.get_username()}: you are signed up.")
                return redirect(next_url or "home")
    context = {"form": form, "next": next_url}
    return render(request, "registration/signup.html", context, status=status)


@login_required_message
@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    """Anyone logged in creates a club and becomes its director."""
    form = ClubCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                club = services.club_create(name=form.cleaned_data["name"], by=request.user)
            except DomainError as error:
                add_domain_errors(form, error, as_sentences=True)
                status = error.status
            else:
                messages.success(request, f"{club} is created, and you are its director.")
                return redirect("club-members", club.slug)
    return render(request, "clubs/new.html", {"form": form}, status=status)


def members_page(
    request: HttpRequest,
    club: Club,
    *,
    status: int = 200,
    create_form: MemberCreateForm | None = None,
    invite_form: InviteForm | None = None,
) -> HttpResponse:
    """The Members page in a fixed number of queries, whatever the club's size."""
    director = is_director(request.user, club)
    invitations = open_invitations(club=club) if director else []
    for invitation in invitations:
        invitation.url = request.build_absolute_uri(reverse("invite", args=[invitation.token]))
    context = {
        "club": club,
        "rows": club_members(club=club),
        "is_director": director,
        "invitations": invitations,
        "players": list(club.players.filter(active=True)) if director else [],
        "roles": Membership.Role.choices,
        "create_form": create_form or MemberCreateForm(),
        "invite_form": invite_form or InviteForm(),
        "roster_csv": reverse("club-roster-csv", args=[club.slug]),
    }
    return render(request, "clubs/members.html", context, status=status)


@login_required_message
def club_members_view(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        require_member(request.user, club)
    except DomainError as error:
        return refuse(request, error, back=reverse("club-detail", args=[club.slug]))
    return members_page(request, club)


def _refused(request: HttpRequest, club: Club, error: DomainError) -> HttpResponse:
    """A refusal, as a sentence at the top of the Members page, with its status."""
    if error.status == 403 and not is_director(request.user, club):
        return refuse(request, error, back=reverse("club-detail", args=[club.slug]))
    messages.error(request, error.message)
    return members_page(request, club, status=error.status)


def _done(request: HttpRequest, club: Club, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect("club-members", club.slug)


@login_required_message
@post_form("club-members")
def member_invite(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return members_page(request, club, status=400, invite_form=form)
    try:
        invitation = members.invite_create(
            club=club, role=form.cleaned_data["role"], by=request.user
        )
    except DomainError as error:
        return _refused(request, club, error)
    role = invitation.get_role_display().lower()
    return _done(request, club, f"Invitation link made for a {role}: copy it and send it.")


@login_required_message
@post_form("club-members")
def member_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    form = MemberCreateForm(request.POST)
    if not form.is_valid():
        return members_page(request, club, status=400, create_form=form)
    try:
        membership = members.member_create(club=club, **form.cleaned_data, by=request.user)
    except DomainError as error:
        if error.status == 403:
            return _refused(request, club, error)
        add_domain_errors(form, error, as_sentences=True)
        return members_page(request, club, status=error.status, create_form=form)
    role = membership.get_role_display().lower()
    return _done(request, club, f"{membership.user} is a {role} of {club}.")


def _member(club: Club, user_id: int) -> Any:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise NotFound(f"There is no such member of {club}.")
    return user


@login_required_message
@require_POST
def member_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        user = _member(club, user_id)
        membership = members.member_set_role(
            club=club, user=user, role=request.POST.get("role"), by=request.user
        )
    except DomainError as error:
        return _refused(request, club, error)
    role = membership.get_role_display().lower()
    return _done(request, club, f"{user} is a {role} of {club} now.")


@login_required_message
@require_POST
def member_player(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    chosen = request.POST.get("player", "")
    try:
        user = _member(club, user_id)
        player = None
        if chosen:
            player = Player.objects.filter(pk=int(chosen) if chosen.isdigit() else 0).first()
            if player is None:
                raise NotFound("There is no such player.")
        linked = members.member_link_player(club=club, user=user, player=player, by=request.user)
    except DomainError as error:
        return _refused(request, club, error)
    if linked is None:
        return _done(request, club, f"{user} is linked to no player now.")
    return _done(request, club, f"{user} plays as {linked}.")


@login_required_message
@require_POST
def member_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    try:
        user = _member(club, user_id)
        members.member_remove(club=club, user=user, by=request.user)
    except DomainError as error:
        return _refused(request, club, error)
    return _done(request, club, f"{user} is no longer a member of {club}.")


@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: a logged-in person joins; anyone else signs up or logs in first."""
    try:
        invitation = members.invite_find(token=token)
    except DomainError as error:
        return render(request, "clubs/invite.html", {"error": error}, status=error.status)
    refusal = members.invite_refusal(invitation)
    if refusal is not None:
        context = {"error": refusal, "invitation": invitation}
        return render(request, "clubs/invite.html", context, status=refusal.status)
    status = 200
    if request.method == "POST":
        try:
            membership = members.invite_accept(token=token, by=request.user)
        except DomainError as error:
            messages.error(request, error.message)
            status = error.status
        else:
            role = membership.get_role_display().lower()
            messages.success(request, f"You joined {membership.club} as a {role}.")
            return redirect("club-detail", membership.club.slug)
    already = (
        request.user.is_authenticated
        and Membership.objects.filter(club=invitation.club, user=request.user).exists()
    )
    context = {"invitation": invitation, "already": already, "here": request.path}
    return render(request, "clubs/invite.html", context, status=status)
