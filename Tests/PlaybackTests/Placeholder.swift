// Placeholder until the target's tests land.
import TestSupport
