"""Finding hosted games on the local network: a host announces itself as an mDNS / DNS-SD service
`_climbers._tcp` (the `zeroconf` package), naming its game, its protocol and whether it asks for
a join code; `climbers join` without an address looks for them for a moment."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from climbers.net.protocol import PROTOCOL

SERVICE = "_climbers._tcp.local."
LOOK_SECONDS = 2.0
"""How long `climbers join` without an address looks for hosts."""


@dataclass(frozen=True)
class Found:
    """A host announcing a game: where it listens, the game, its protocol, whether it asks for
    a join code."""

    name: str
    address: str
    port: int
    game: str
    protocol: int
    code: bool

    @property
    def where(self) -> str:
        """HOST:PORT as `climbers join` takes it."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{host}:{self.port}"


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses to announce: every interface's but loopback's (loopback's
    alone when there is no other)."""
    found = [
        str(ip.ip)
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if isinstance(ip.ip, str)
    ]
    outside = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return sorted(set(outside or found))


def service_info(game: str, port: int, code: bool, addresses: list[str]) -> ServiceInfo:
    """The service record of a host of `game` on `port`."""
    label = f"{game} on {socket.gethostname()} {port}".encode()[:63].decode(errors="ignore")
    return ServiceInfo(
        SERVICE,
        f"{label}.{SERVICE}",
        port=port,
        parsed_addresses=addresses,
        properties={"game": game, "protocol": str(PROTOCOL), "code": "1" if code else "0"},
    )


class Announcement:
    """A host's announcement, from `start` until `stop`."""

    def __init__(self, game: str, port: int, code: bool, addresses: list[str]) -> None:
        self.info = service_info(game, port, code, addresses)
        self.zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)

    async def start(self) -> None:
        await self.zeroconf.async_register_service(self.info, allow_name_change=True)

    async def stop(self) -> None:
        await self.zeroconf.async_unregister_service(self.info)
        await self.zeroconf.async_close()


async def discover(seconds: float = LOOK_SECONDS) -> list[Found]:
    """The hosts announcing a game on the local network, looked for during `seconds`."""
    names: set[str] = set()

    def heard(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is not ServiceStateChange.Removed:
            names.add(name)

    async with AsyncZeroconf(ip_version=IPVersion.V4Only) as zc:
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE, handlers=[heard])
        await asyncio.sleep(seconds)
        found = [f for name in sorted(names) if (f := await _resolve(zc, name)) is not None]
        await browser.async_cancel()
    return found


async def _resolve(zc: AsyncZeroconf, name: str) -> Found | None:
    info = AsyncServiceInfo(SERVICE, name)
    if not await info.async_request(zc.zeroconf, 1000):
        return None
    addresses = info.parsed_addresses()
    props = {
        k.decode(errors="replace"): (v or b"").decode(errors="replace")
        for k, v in info.properties.items()
    }
    protocol = props.get("protocol", "")
    if not addresses or info.port is None or not protocol.isdigit():
        return None
    return Found(
        name=name.removesuffix("." + SERVICE),
        address=addresses[0],
        port=info.port,
        game=props.get("game", "?")[:32],
        protocol=int(protocol),
        code=props.get("code") == "1",
    )
