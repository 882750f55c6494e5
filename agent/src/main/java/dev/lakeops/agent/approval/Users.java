package dev.lakeops.agent.approval;

import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.runbooks.approval.Approver;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.Role;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who is who: lakeops users from {@code lakeops.approvers.<user>.*}, their roles, the chat
 * identities that are each user, and the API/console tokens. A chat identity or token that maps to
 * no user is nobody: it may not approve anything.
 */
public final class Users {

  private final ApproverDirectory directory;
  private final Map<String, String> userByIm;
  private final Map<String, byte[]> tokenByUser;

  private Users(
      ApproverDirectory directory, Map<String, String> userByIm, Map<String, byte[]> tokenByUser) {
    this.directory = directory;
    this.userByIm = Map.copyOf(userByIm);
    this.tokenByUser = Map.copyOf(tokenByUser);
  }

  /**
   * Reads the configured users.
   *
   * @throws IllegalArgumentException naming the key of a bad role or chat identity, or a chat
   *     identity given to two users
   */
  public static Users from(Map<String, LakeopsConfig.ApproverProfile> profiles) {
    List<Approver> approvers = new ArrayList<>();
    Map<String, String> byIm = new HashMap<>();
    Map<String, byte[]> tokens = new HashMap<>();
    profiles.forEach(
        (user, profile) -> {
          Set<Role> roles = EnumSet.noneOf(Role.class);
          for (String r : profile.roles()) {
            try {
              roles.add(Role.valueOf(r.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(
                  "lakeops.approvers." + user + ".roles: '" + r + "' is not approver or viewer");
            }
          }
          approvers.add(new Approver(user, roles));
          for (String im : profile.imIds().orElse(List.of())) {
            String key = imKey(im, "lakeops.approvers." + user + ".im-ids");
            String other = byIm.put(key, user);
            if (other != null && !other.equals(user)) {
              throw new IllegalArgumentException(
                  "lakeops.approvers." + user + ".im-ids: " + im + " is also given to " + other);
            }
          }
          profile
              .token()
              .filter(t -> !t.isBlank())
              .ifPresent(t -> tokens.put(user, t.getBytes(StandardCharsets.UTF_8)));
        });
    return new Users(new ApproverDirectory(approvers), byIm, tokens);
  }

  private static String imKey(String entry, String key) {
    int colon = entry.indexOf(':');
    if (colon <= 0 || colon == entry.length() - 1) {
      throw new IllegalArgumentException(
          key + ": '" + entry + "' must be platform:user-id, e.g. slack:U024BE7LH");
    }
    String platform = entry.substring(0, colon).strip().toLowerCase(Locale.ROOT);
    if (java.util.Arrays.stream(Platform.values()).noneMatch(p -> p.id().equals(platform))) {
      throw new IllegalArgumentException(
          key + ": unknown platform '" + platform + "' in '" + entry + "'");
    }
    return platform + ":" + entry.substring(colon + 1).strip();
  }

  public ApproverDirectory directory() {
    return directory;
  }

  /** The lakeops user a chat identity belongs to. */
  public Optional<String> byIm(Platform platform, String imUserId) {
    return Optional.ofNullable(userByIm.get(platform.id() + ":" + imUserId));
  }

  /** The user whose token this is; compared in constant time against every configured token. */
  public Optional<String> byToken(String token) {
    byte[] sent = token.getBytes(StandardCharsets.UTF_8);
    String found = null;
    for (Map.Entry<String, byte[]> e : tokenByUser.entrySet()) {
      if (MessageDigest.isEqual(e.getValue(), sent)) {
        found = e.getKey();
      }
    }
    return Optional.ofNullable(found);
  }

  public boolean isApprover(String user) {
    return directory.find(user).map(a -> a.roles().contains(Role.APPROVER)).orElse(false);
  }
}
