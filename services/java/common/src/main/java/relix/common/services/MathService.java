package relix.common.services;

import relix.common.domain.DomainException;

/** Study 004's add of two int32. */
public final class MathService {
  public int add(int a, int b) {
    long sum = (long) a + b;
    if (sum < Integer.MIN_VALUE || sum > Integer.MAX_VALUE) {
      throw DomainException.invalidArgument("b", "a + b overflows int32");
    }
    return (int) sum;
  }
}
