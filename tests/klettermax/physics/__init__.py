"""Tests of the flick's physics."""
