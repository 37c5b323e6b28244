"""Sending verification codes: by SMTP when configured, otherwise into the server log.

With no SMTP server (the default for a local ``make serve``), the operator reads the code from
the log line ``email code for <user> to <address>: <code>`` and passes it on.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage

from openmahjong.server.settings import Settings

__all__ = ["Mailer"]

log = logging.getLogger("openmahjong.server.mail")


class Mailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send_code(self, user_name: str, address: str, code: str, minutes: float) -> None:
        if not self.settings.smtp_host:
            log.warning(
                "email code for %s to %s: %s (no SMTP configured; valid %g minutes)",
                user_name,
                address,
                code,
                minutes,
            )
            return
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = address
        message["Subject"] = f"openmahjong: your code is {code}"
        message.set_content(
            f"Hello {user_name},\n\nenter {code} to link this address to your openmahjong "
            f"account. The code is valid for {minutes:g} minutes.\n\nIf you did not ask for "
            "it, ignore this message.\n"
        )
        await asyncio.to_thread(self._send, message)
        log.info("email code for %s sent to %s", user_name, address)

    @property
    def configured(self) -> bool:
        return bool(self.settings.smtp_host)

    async def send_text(self, address: str, subject: str, body: str) -> None:
        """A plain-text message (a notification's words); only when SMTP is configured."""
        if not self.settings.smtp_host:
            return
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = address
        message["Subject"] = subject
        message.set_content(body)
        await asyncio.to_thread(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        s = self.settings
        assert s.smtp_host is not None
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=30) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password or "")
            smtp.send_message(message)
