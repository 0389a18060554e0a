"""Steps that many browser tests take: log in, take a screenshot."""

from functools import cache
from pathlib import Path

from playwright.sync_api import expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def log_in(page, username: str, password: str) -> None:
    """Log in through the login form, as a person would."""
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    # The top bar offers to log out once the login took.
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    # From the top, so the sticky top bar sits where a person sees it.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    return path


#: axe-core, vendored for tests only (tests/browser/vendor/README.md).
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


@cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8") + "\n;0"


def serious_violations(page) -> list[str]:
    """Run axe on the page as it is: each serious or critical violation, with where."""
    # Evaluated through the browser's debugging channel: a <script> tag (add_script_tag)
    # is an inline script, which the pages' Content-Security-Policy rightly blocks. Once
    # a document: the page checked again (at another size) still has it.
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(_axe_source())
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations
              .filter(v => v.impact === "serious" || v.impact === "critical")
              .map(v => `${v.id} (${v.impact}): ` +
                   v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", "));
        }"""
    )
